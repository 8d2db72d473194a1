import FoundationEssentials
import KopiykaCore
import SQLite

/// Why an invitation code did not work.
public enum InvitationProblem: Error, Equatable, Sendable {
    /// `revoked`: by the owner, or because the member who made it is no longer in the family.
    case unknown, expired, used, revoked
}

/// An invitation that still opens its household: unused, not revoked, not expired.
public struct Invitation: Equatable, Sendable {
    public let code: String
    public let householdID: Int64
    /// The member who made it.
    public let createdBy: Int64
    public let expires: Date
}

extension FamilyStore {
    /// Stores a single-use invitation to `member`'s household, valid until `expires`.
    public func createInvitation(code: String, by member: Member, expires: Date) throws {
        try db.execute("INSERT INTO invitations (code, household_id, created_by, expires_at_ms) VALUES (?, ?, ?, ?)",
                       code, member.householdID, member.id, Ledger.milliseconds(expires))
    }

    /// The household an invitation opens, checking it is known, unused, not revoked, not
    /// expired, and that whoever made it is still in that household.
    public func invitationHousehold(code: String) throws -> Result<Int64, InvitationProblem> {
        let row = try db.queryFirst("""
            SELECT i.household_id, i.expires_at_ms, i.used_by, i.revoked, m.household_id
            FROM invitations i LEFT JOIN members m ON m.id = i.created_by WHERE i.code = ?
            """, code) { ($0.int64(0), $0.int64(1), $0.optionalInt64(2), $0.bool(3), $0.optionalInt64(4)) }
        guard let (householdID, expires, usedBy, revoked, makersHousehold) = row else { return .failure(.unknown) }
        if usedBy != nil { return .failure(.used) }
        if revoked || makersHousehold != householdID { return .failure(.revoked) }
        if expires < Ledger.milliseconds(clock.now()) { return .failure(.expired) }
        return .success(householdID)
    }

    /// Marks an invitation used; false when someone else used it first.
    public func useInvitation(code: String, by member: Member) throws -> Bool {
        try db.execute("UPDATE invitations SET used_by = ? WHERE code = ? AND used_by IS NULL",
                       member.id, code) == 1
    }

    /// The household's open invitations, newest first. Each is one row of a small table,
    /// found by its household index.
    public func openInvitations(householdID: Int64) throws -> [Invitation] {
        var result: [Invitation] = []
        try db.query("""
            SELECT i.code, i.household_id, i.created_by, i.expires_at_ms FROM invitations i
            JOIN members m ON m.id = i.created_by AND m.household_id = i.household_id
            WHERE i.household_id = ? AND i.used_by IS NULL AND i.revoked = 0 AND i.expires_at_ms >= ?
            ORDER BY i.expires_at_ms DESC, i.code
            """, householdID, Ledger.milliseconds(clock.now())) { row in
            result.append(Invitation(code: row.string(0), householdID: row.int64(1), createdBy: row.int64(2),
                                     expires: Date(timeIntervalSince1970: Double(row.int64(3)) / 1000)))
        }
        return result
    }

    /// Revokes one open invitation of a household; false when it was not open.
    @discardableResult
    public func revokeInvitation(code: String, householdID: Int64) throws -> Bool {
        try db.execute("UPDATE invitations SET revoked = 1 WHERE code = ? AND household_id = ? AND used_by IS NULL AND revoked = 0",
                       code, householdID) == 1
    }

    /// Revokes every unused invitation a member made: they leave, are removed, or join another
    /// household, and what they handed out stops working with them.
    public func revokeInvitations(createdBy memberID: Int64) throws {
        try db.execute("UPDATE invitations SET revoked = 1 WHERE created_by = ? AND used_by IS NULL AND revoked = 0", memberID)
    }
}
