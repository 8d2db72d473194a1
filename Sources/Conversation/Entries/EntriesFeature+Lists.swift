import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension EntriesFeature {
    /// Why 20: a phone screen's worth, and 40 buttons stay well under Telegram's 100.
    static let listLimit = 20

    /// `/history [N]`: the household's latest entries, each with its buttons.
    func history(_ argument: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        let count = min(max(Int(argument) ?? 10, 1), Self.listLimit)
        let entries = try ledger.entries.recent(householdID: household.id, limit: count, shownTo: viewer(in: reply.chat, member))
        guard !entries.isEmpty else {
            try reply(l("history.empty"))
            return
        }
        try show(.list, entryIDs: entries.map(\.id), household: household, reply: reply,
                 header: l("history.title", ["count": .number(entries.count)]))
    }

    /// `/today` and `/week`: the entries of the last `days` days with their total.
    func recent(days: Int, titleKey: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        let today = today(of: household)
        let entries = try ledger.entries.list(householdID: household.id, dates: today.adding(days: 1 - days)...today).reversed()
            .filter(viewer(in: reply.chat, member).sees)
        guard !entries.isEmpty else {
            try reply(l(days == 1 ? "today.empty" : "week.empty"))
            return
        }
        // Past Int64 the sum says "too large" in its place; the entries are listed all the same.
        let spent = (try? entries.filter { $0.kind == .expense }.compactMap(\.baseMinor).checkedSum())
            .map { MessageArgument.money(Money(minorUnits: $0, currency: household.baseCurrency)) }
        let shown = Array(entries.prefix(Self.listLimit))
        var header = l(titleKey, ["amount": spent ?? .text(l("money.too_large")), "count": .number(entries.count)])
        if shown.count < entries.count {
            header += "\n" + l("list.latest_of", ["shown": .number(shown.count), "count": .number(entries.count)])
        }
        try show(.list, entryIDs: shown.map(\.id), household: household, reply: reply, header: header)
    }

    /// `/undo`: removes the member's latest entry of the last day, with a button to restore it.
    func undo(_ member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard let entry = try ledger.entries.latest(of: member, createdSince: clock.now().addingTimeInterval(-86_400)) else {
            try reply(l("undo.nothing"))
            return
        }
        let household = try household(of: member)
        try ledger.entries.delete(entryID: entry.id)
        try refresh(entryIDs: [entry.id], household: household)
        try show(.confirmation, entryIDs: [entry.id], household: household, reply: reply, header: l("undo.done"))
    }
}
