import Ledger

/// The buttons of `/family` and `/leave`.
enum FamilyButton: ButtonData {
    case removeMember(Int64)
    case makeOwner(Int64)
    case broadcastMode(String)
    /// Let the family group go: it is no longer the household's.
    case unlinkGroup
    /// Revoke one open invitation (by its code), or, with nil, all of them.
    case revokeInvitation(String?)
    /// A member's answer to their `/leave` question (only theirs counts, in a group too).
    case leave(memberID: Int64, confirmed: Bool)
    /// The owner's member controls at this page (`ListPage`), from 0.
    case page(Int)

    static let prefixes: Set<String> = ["fam", "inv", "leave"]

    var encoded: String {
        switch self {
        case .removeMember(let id): "fam:rm:\(id)"
        case .makeOwner(let id): "fam:own:\(id)"
        case .broadcastMode(let mode): "fam:mode:\(mode)"
        case .unlinkGroup: "fam:unlink"
        case .revokeInvitation(let code): "inv:rm:\(code ?? "*")"
        case .leave(let id, let confirmed): "leave:\(id):\(confirmed ? "yes" : "no")"
        case .page(let page): "fam:pg:\(page)"
        }
    }

    init?(fields: [Substring]) {
        let word = fields.count > 1 ? fields[1] : ""
        let last = String(fields.last ?? "")
        switch (fields.first ?? "", fields.count) {
        case ("fam", 3) where word == "rm": guard let id = Self.id(fields, 2) else { return nil }; self = .removeMember(id)
        case ("fam", 3) where word == "own": guard let id = Self.id(fields, 2) else { return nil }; self = .makeOwner(id)
        case ("fam", 3) where word == "mode": self = .broadcastMode(last)
        case ("fam", 2) where word == "unlink": self = .unlinkGroup
        case ("fam", 3) where word == "pg": guard let page = Int(last), page >= 0 else { return nil }; self = .page(page)
        case ("inv", 3) where word == "rm" && last == "*": self = .revokeInvitation(nil)
        case ("inv", 3) where word == "rm" && Invitations.isWellFormed(last): self = .revokeInvitation(last)
        case ("leave", 3) where last == "yes" || last == "no":
            guard let id = Self.id(fields, 1) else { return nil }
            self = .leave(memberID: id, confirmed: last == "yes")
        default: return nil
        }
    }

    /// The owner's controls are the owner's; a `/leave` answer is its asker's.
    func refusal(for member: Member) -> String? {
        switch self {
        case .removeMember, .makeOwner, .broadcastMode, .unlinkGroup, .page: member.role == .owner ? nil : "family.not_allowed"
        case .leave(let id, _): id == member.id ? nil : "family.leave.not_yours"
        case .revokeInvitation: nil
        }
    }
}
