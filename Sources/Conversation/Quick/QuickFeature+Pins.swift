import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension QuickFeature {
    /// Pins what `text` reads as, for `member`: one entry with a note, read by the same parser
    /// and with the same account names as a typed one (`кава 85 картка` keeps its account and
    /// category; a date it names is not kept, a tap is today's). Returns the answer.
    func pin(_ text: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let entries = EntriesFeature(context)
        guard !text.isEmpty else { return l("quick.usage") }
        let parsed: [ParsedEntry]
        switch entries.parse(text, household: household, today: today(of: household), member: member) {
        case .failure(.noAmount): return l("quick.pin.no_amount", ["text": .text(text.clipped(to: Self.noteLimit).htmlEscaped)])
        case .failure(let failure): return entries.hint(for: failure, text: text, localizer: l)
        case .success(let read): parsed = read
        }
        guard parsed.count == 1, let entry = parsed.first else { return l("quick.pin.one") }
        guard entry.readings.isEmpty else { return l("quick.pin.ambiguous") }
        guard !entry.note.isEmpty else { return l("quick.pin.no_note") }
        guard entry.note.utf16.count <= Self.noteLimit else { return l("quick.pin.too_long", ["limit": .number(Self.noteLimit)]) }
        let pin = QuickPin(kind: entry.kind, amount: entry.amount, category: entry.category, account: entry.account,
                           note: entry.note, isPrivate: entry.isPrivate)
        let pins = try ledger.quick.pins(memberID: member.id)
        if pins.contains(where: { $0.isSameEntry(as: pin) && $0.account == pin.account }) { return l("quick.pin.exists") }
        guard pins.count < Self.pinLimit else { return l("quick.pin.full", ["count": .number(Self.pinLimit)]) }
        let stored = try ledger.quick.add(pin, memberID: member.id)
        return l("quick.pinned", ["details": .text(details(stored, l))])
    }

    /// Lets go of the pin `text` names: by note (`кава`), or by note and amount when several
    /// share it (`кава 85`). Without a word, or when it still names several, the pins with
    /// their ✖️ buttons (in a private chat; elsewhere, how to name one).
    func unpin(_ text: String, member: Member, household: Household, chat: ChatRef, reply: Replier) throws {
        let l = localizer(member)
        let pins = try ledger.quick.pins(memberID: member.id)
        var named = pins
        if !text.isEmpty {
            named = pins.filter { $0.note.lowercased() == text.lowercased() }
            if named.isEmpty, case .success(let parsed) = EntriesFeature(context).parse(text, household: household,
                                                                                         today: today(of: household), member: member),
               parsed.count == 1, let entry = parsed.first {
                named = pins.filter { $0.note.lowercased() == entry.note.lowercased() && $0.amount == entry.amount }
            }
        }
        if pins.isEmpty {
            try reply(l("quick.remove.nothing"))
        } else if named.isEmpty {
            try reply(l("quick.remove.none"))
        } else if named.count == 1, !text.isEmpty, let pin = named.first {
            try ledger.quick.remove(id: pin.id, memberID: member.id)
            try reply(l("quick.removed", ["details": .text(details(pin, l))]))
        } else if chat.kind == .privateChat, let shown = try view(member: member, household: household, chat: chat) {
            try reply(l("quick.remove.which"), buttons: shown.buttons)
        } else {
            try reply(l("quick.remove.usage"))
        }
    }

    /// `кава · 85 ₴ · Кафе · картка`: HTML, the note escaped.
    func details(_ pin: QuickPin, _ l: Localizer) -> String {
        var amount = l.money(pin.amount)
        if pin.kind == .income { amount = l("entry.amount.income", ["amount": .text(amount)]) }
        var parts = [pin.note.htmlEscaped, amount, l.categoryName(pin.category).htmlEscaped]
        if let account = pin.account { parts.append(accountName(account, member: pin.memberID, l).htmlEscaped) }
        if pin.isPrivate { parts.append("🔒") }
        return parts.joined(separator: l("entry.separator"))
    }

    private func accountName(_ key: AccountKey, member: Int64, _ l: Localizer) -> String {
        let own = try? ledger.accounts.accounts(memberID: member, includingArchived: true).first { $0.key == key }?.name
        return (own ?? nil).map { $0.clipped(to: EntryLine.nameLimit) } ?? l.accountName(key)
    }
}
