import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A press on one of the member's Monobank accounts (follow it, or stop), or on "take the
/// bank's amount" under a settled hold that differs from the member's typed entry.
enum MonobankButton: ButtonData {
    static let prefixes: Set<String> = ["mono"]
    case follow(accountRowID: Int64)
    case takeSettled(factID: Int64)

    var encoded: String {
        switch self {
        case .follow(let id): "mono:f:\(id)"
        case .takeSettled(let id): "mono:s:\(id)"
        }
    }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "mono", let id = Self.id(fields, 2) else { return nil }
        switch fields[1] {
        case "f": self = .follow(accountRowID: id)
        case "s": self = .takeSettled(factID: id)
        default: return nil
        }
    }
}

extension MonobankFeature {
    /// The member's accounts and jars, a button each, ✓ on those followed.
    func accountsView(member: Member) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let accounts = try ledger.monobank.accounts(memberID: member.id)
        guard !accounts.isEmpty else { return (l("monobank.connected.empty"), []) }
        let buttons = accounts.map { account in
            let title = (account.kind == .card ? "💳 " : "🫙 ") + account.label.clipped(to: 40) + " · " + account.currency.code
            return [OutboxButton(title: account.followed ? "✓ " + title : title, data: MonobankButton.follow(accountRowID: account.id).encoded)]
        }
        let followed = accounts.filter(\.followed).count
        return (l("monobank.connected", ["count": .number(followed)]), buttons)
    }

    func press(_ button: MonobankButton, call: ButtonCall) throws -> String? {
        switch button {
        case .follow(let accountRowID): try follow(accountRowID, call: call)
        case .takeSettled(let factID): try takeSettled(factID, call: call)
        }
    }

    func follow(_ accountRowID: Int64, call: ButtonCall) throws -> String? {
        guard let following = try ledger.monobank.toggle(accountRowID: accountRowID, memberID: call.member.id) else {
            return call.localizer("monobank.not_yours")
        }
        let view = try accountsView(member: call.member)
        try edit(call.press, html: view.html, buttons: view.buttons)
        return call.localizer(following ? "monobank.following" : "monobank.not_following")
    }
}
