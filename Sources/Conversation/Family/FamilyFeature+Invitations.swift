import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension Invitations {
    /// Why 10: a phone screen of buttons under `/family`; "cancel all" reaches the rest.
    static let shownLimit = 10

    /// A code as `newCode` makes them, before a button's data is taken for one.
    static func isWellFormed(_ code: String) -> Bool {
        code.count == 12 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

extension FamilyFeature {
    /// The open invitations a member may see and cancel in `/family`: every one for the
    /// owner, their own for anyone else.
    func visibleInvitations(_ member: Member) throws -> [Invitation] {
        try ledger.families.openInvitations(householdID: member.householdID).filter { member.role == .owner || $0.createdBy == member.id }
    }

    /// The lines and buttons `/family` shows for open invitations: who made each, until when.
    func invitationSection(_ member: Member, household: Household) throws -> (lines: [String], buttons: [[OutboxButton]]) {
        let invitations = try visibleInvitations(member)
        guard !invitations.isEmpty else { return ([], []) }
        let l = localizer(member)
        let names = try ledger.families.memberNames(householdID: household.id)
        var lines = ["", l("family.invitations", ["count": .number(invitations.count)])]
        var buttons: [[OutboxButton]] = []
        for invitation in invitations.prefix(Invitations.shownLimit) {
            let name = names[invitation.createdBy] ?? ""
            let date = l.dayAndMonth(LocalDate(invitation.expires, in: household.timeZone))
            lines.append(l("family.invitation", ["name": .text(name.htmlEscaped), "date": .text(date)]))
            buttons.append([OutboxButton(title: l("family.button.revoke", ["name": .text(name), "date": .text(date)]),
                                         data: FamilyButton.revokeInvitation(invitation.code).encoded)])
        }
        if invitations.count > 1 {
            buttons.append([OutboxButton(title: l("family.button.revoke_all"), data: FamilyButton.revokeInvitation(nil).encoded)])
        }
        return (lines, buttons)
    }

    /// A cancel button: one invitation (or, for nil, every one) the member may see in `/family`.
    /// Returns the answer's text.
    func revokeInvitation(_ code: String?, member: Member) throws -> String {
        let l = localizer(member)
        let visible = try visibleInvitations(member)
        guard let code else {
            for invitation in visible { try ledger.families.revokeInvitation(code: invitation.code, householdID: member.householdID) }
            return l("family.invite.revoked.all")
        }
        guard visible.contains(where: { $0.code == code }), try ledger.families.revokeInvitation(code: code, householdID: member.householdID)
        else { return l("family.invite.gone") }
        return l("family.invite.revoked.done")
    }
}
