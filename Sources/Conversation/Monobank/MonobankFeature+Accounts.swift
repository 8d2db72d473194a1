import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A press on one of the member's Monobank accounts (follow it, or stop), on a page of that
/// list, or on "take the bank's amount" under a settled hold that differs from the member's
/// typed entry.
enum MonobankButton: ButtonData {
    static let prefixes: Set<String> = ["mono"]
    case follow(accountRowID: Int64)
    case takeSettled(factID: Int64)
    /// The list of accounts at this page (`ListPage`), from 0.
    case page(Int)

    var encoded: String {
        switch self {
        case .follow(let id): "mono:f:\(id)"
        case .takeSettled(let id): "mono:s:\(id)"
        case .page(let page): "mono:p:\(page)"
        }
    }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "mono", let id = Self.id(fields, 2) else { return nil }
        switch fields[1] {
        case "f": self = .follow(accountRowID: id)
        case "s": self = .takeSettled(factID: id)
        case "p":
            guard let page = Int(exactly: id), page >= 0 else { return nil }
            self = .page(page)
        default: return nil
        }
    }
}

extension MonobankFeature {
    /// Why 10: a card, its currency accounts and a few jars fit one page; a client-info of
    /// thousands (the bank sends what it sends) pages instead of passing Telegram's 100 buttons.
    static let accountsPage = 10

    /// The member's accounts and jars, a button each, ✓ on those followed, with when each
    /// followed one was last read: page `page`, or the page that shows `accountRowID` when
    /// given. Reads every account of the member, O(n).
    func accountsView(member: Member, page: Int = 0, showing accountRowID: Int64? = nil) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let accounts = try ledger.monobank.accounts(memberID: member.id)
        guard !accounts.isEmpty else { return (l("monobank.connected.empty"), []) }
        let shown = accountRowID.flatMap { id in accounts.firstIndex { $0.id == id } }
            .map { ListPage(containing: $0, total: accounts.count, size: Self.accountsPage) }
            ?? ListPage(page, total: accounts.count, size: Self.accountsPage)
        var buttons = accounts[shown.items].map { account in
            let title = (account.kind == .card ? "💳 " : "🫙 ") + account.label.clipped(to: 40) + " · " + account.currency.code
            return [OutboxButton(title: account.followed ? "✓ " + title : title, data: MonobankButton.follow(accountRowID: account.id).encoded)]
        }
        if let pages = shown.navigation(l, data: { MonobankButton.page($0).encoded }) { buttons.append(pages) }
        let followed = accounts.filter(\.followed)
        let zone = try household(of: member).timeZone
        let read = followed.prefix(Self.accountsPage).map { account in
            guard let time = account.lastRead else { return l("monobank.read.never", ["account": .text(account.label.clipped(to: 40).htmlEscaped)]) }
            let second = ((Int64(time.timeIntervalSince1970) + Int64(zone.offset(at: time))) % 86_400 + 86_400) % 86_400
            let (hour, minute) = (second / 3_600, second % 3_600 / 60)
            return l("monobank.read", ["account": .text(account.label.clipped(to: 40).htmlEscaped),
                                       "date": .text(l.dayAndMonth(LocalDate(time, in: zone))),
                                       "time": .text("\(hour):\(minute < 10 ? "0" : "")\(minute)")])
        }
        return (([l("monobank.connected", ["count": .number(followed.count)])] + read).joined(separator: "\n"), buttons)
    }

    func press(_ button: MonobankButton, call: ButtonCall) throws -> String? {
        switch button {
        case .follow(let accountRowID): return try follow(accountRowID, call: call)
        case .takeSettled(let factID): return try takeSettled(factID, call: call)
        case .page(let page):
            // Only over a list of the presser's own: a forged press by anyone else edits nothing.
            guard try ledger.monobank.link(memberID: call.member.id)?.state == .connected else { return nil }
            let view = try accountsView(member: call.member, page: page)
            try edit(call.press, html: view.html, buttons: view.buttons)
            return nil
        }
    }

    func follow(_ accountRowID: Int64, call: ButtonCall) throws -> String? {
        guard let following = try ledger.monobank.toggle(accountRowID: accountRowID, memberID: call.member.id) else {
            return call.localizer("monobank.not_yours")
        }
        let view = try accountsView(member: call.member, showing: accountRowID)
        try edit(call.press, html: view.html, buttons: view.buttons)
        return call.localizer(following ? "monobank.following" : "monobank.not_following")
    }
}
