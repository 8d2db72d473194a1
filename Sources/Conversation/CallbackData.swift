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

    init?(_ data: String) {
        let parts = data.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let id = parts.count > 1 ? Int64(parts[1]) : nil
        let lastID = parts.last.flatMap { Int64($0) }
        switch (parts.first ?? "", parts.count) {
        case ("lang", 2):
            guard let language = Language(rawValue: parts[1]) else { return nil }
            self = .language(language)
        case ("fam", 3) where parts[1] == "rm" && lastID != nil: self = .removeMember(lastID!)
        case ("fam", 3) where parts[1] == "own" && lastID != nil: self = .makeOwner(lastID!)
        case ("fam", 3) where parts[1] == "mode": self = .broadcastMode(parts[2])
        case ("cat", 2) where id != nil: self = .categoryChoices(entryID: id!, all: false)
        case ("cat", 3) where id != nil && parts[2] == "*": self = .categoryChoices(entryID: id!, all: true)
        case ("cat", 3) where id != nil && !parts[2].isEmpty: self = .setCategory(entryID: id!, CategoryKey(rawValue: parts[2]))
        case ("back", 2) where id != nil: self = .entryButtons(entryID: id!)
        case ("del", 2) where id != nil: self = .deleteEntry(id!)
        case ("undel", 2) where id != nil: self = .restoreEntry(id!)
        case ("rule", 3) where parts[1] == "rm" && lastID != nil: self = .removeRule(lastID!)
        case ("inv", 3) where parts[1] == "rm" && parts[2] == "*": self = .revokeInvitation(nil)
        case ("inv", 3) where parts[1] == "rm" && Invitations.isWellFormed(parts[2]): self = .revokeInvitation(parts[2])
        case ("fam", 2) where parts[1] == "unlink": self = .unlinkGroup
        case ("kind", 2) where id != nil: self = .switchKind(entryID: id!)
        case ("leave", 3) where id != nil && (parts[2] == "yes" || parts[2] == "no"):
            self = .leave(memberID: id!, confirmed: parts[2] == "yes")
        case ("amt", 3):
            guard let id, let reading = Int(parts[2]), (0..<8).contains(reading) else { return nil }
            self = .chooseAmount(questionID: id, reading: reading)
        default: return nil
        }
    }
}
