import KopiykaCore
import Localization

/// What an inline button asks for, as its `callback_data`: short ASCII (Telegram allows 64
/// bytes; the longest here is `cat:<id>:other_income`, under 40), ids not names, so a button
/// keeps working after a restart or a rename.
enum CallbackData: Equatable {
    case language(Language)
    case removeMember(Int64)
    case makeOwner(Int64)
    case broadcastMode(String)
    /// Show the category choices for an entry (the likely ones, or all of its kind).
    case categoryChoices(entryID: Int64, all: Bool)
    case setCategory(entryID: Int64, CategoryKey)
    /// Back from the category choices to the entry's buttons.
    case entryButtons(entryID: Int64)
    case deleteEntry(Int64)
    case restoreEntry(Int64)
    case removeRule(Int64)
    /// Revoke one open invitation (by its code), or, with nil, all of them.
    case revokeInvitation(String?)
    /// Let the family group go: it is no longer the household's.
    case unlinkGroup
    /// Make an entry income if it is an expense, or an expense if it is income.
    case switchKind(entryID: Int64)
    /// A member's answer to their `/leave` question (only theirs counts, in a group too).
    case leave(memberID: Int64, confirmed: Bool)
    /// One reading of a message the bot asked about: `amt:<question id>:<reading>`.
    case chooseAmount(questionID: Int64, reading: Int)

    var encoded: String {
        switch self {
        case .language(let language): "lang:\(language.rawValue)"
        case .removeMember(let id): "fam:rm:\(id)"
        case .makeOwner(let id): "fam:own:\(id)"
        case .broadcastMode(let mode): "fam:mode:\(mode)"
        case .categoryChoices(let id, let all): all ? "cat:\(id):*" : "cat:\(id)"
        case .setCategory(let id, let key): "cat:\(id):\(key.rawValue)"
        case .entryButtons(let id): "back:\(id)"
        case .deleteEntry(let id): "del:\(id)"
        case .restoreEntry(let id): "undel:\(id)"
        case .removeRule(let id): "rule:rm:\(id)"
        case .revokeInvitation(let code): "inv:rm:\(code ?? "*")"
        case .unlinkGroup: "fam:unlink"
        case .switchKind(let id): "kind:\(id)"
        case .leave(let id, let confirmed): "leave:\(id):\(confirmed ? "yes" : "no")"
        case .chooseAmount(let id, let reading): "amt:\(id):\(reading)"
        }
    }

    /// Reads data a client sent back: anything may arrive (a forged press, a stale button),
    /// so every field is checked and anything else is nil.
    init?(_ data: String) {
        let parts = data.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let id = parts.count > 1 ? Int64(parts[1]) : nil
        let lastID = parts.last.flatMap { Int64($0) }
        let word = parts.count > 1 ? parts[1] : ""
        let last = parts.last ?? ""
        switch (parts.first ?? "", parts.count, id, lastID) {
        case ("lang", 2, _, _):
            guard let language = Language(rawValue: word) else { return nil }
            self = .language(language)
        case ("fam", 3, _, let member?) where word == "rm": self = .removeMember(member)
        case ("fam", 3, _, let member?) where word == "own": self = .makeOwner(member)
        case ("fam", 3, _, _) where word == "mode": self = .broadcastMode(last)
        case ("fam", 2, _, _) where word == "unlink": self = .unlinkGroup
        case ("cat", 2, let entry?, _): self = .categoryChoices(entryID: entry, all: false)
        case ("cat", 3, let entry?, _) where last == "*": self = .categoryChoices(entryID: entry, all: true)
        case ("cat", 3, let entry?, _) where !last.isEmpty: self = .setCategory(entryID: entry, CategoryKey(rawValue: last))
        case ("back", 2, let entry?, _): self = .entryButtons(entryID: entry)
        case ("del", 2, let entry?, _): self = .deleteEntry(entry)
        case ("undel", 2, let entry?, _): self = .restoreEntry(entry)
        case ("rule", 3, _, let rule?) where word == "rm": self = .removeRule(rule)
        case ("inv", 3, _, _) where word == "rm" && last == "*": self = .revokeInvitation(nil)
        case ("inv", 3, _, _) where word == "rm" && Invitations.isWellFormed(last): self = .revokeInvitation(last)
        case ("kind", 2, let entry?, _): self = .switchKind(entryID: entry)
        case ("leave", 3, let member?, _) where last == "yes" || last == "no": self = .leave(memberID: member, confirmed: last == "yes")
        case ("amt", 3, let question?, _):
            guard let reading = Int(last), (0..<8).contains(reading) else { return nil }
            self = .chooseAmount(questionID: question, reading: reading)
        default: return nil
        }
    }
}
