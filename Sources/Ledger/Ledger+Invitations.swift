import FoundationEssentials
import KopiykaCore
import SQLite

/// An invitation that still opens its household: unused, not revoked, not expired.
public struct Invitation: Equatable, Sendable {
    public let code: String
    public let householdID: Int64
    /// The member who made it.
    public let createdBy: Int64
    public let expires: Date
}

extension Ledger {
    /// The household's open invitations, newest first. Each is one row of a small table,
    /// found by its household index.
    public func openInvitations(householdID: Int64) throws -> [Invitation] {
        var result: [Invitation] = []
        try db.query("""
            SELECT i.code, i.household_id, i.created_by, i.expires_at_ms FROM invitations i
            JOIN members m ON m.id = i.created_by AND m.household_id = i.household_id
            WHERE i.household_id = ? AND i.used_by IS NULL AND i.revoked = 0 AND i.expires_at_ms >= ?
            ORDER BY i.expires_at_ms DESC, i.code
            """, householdID, Self.milliseconds(clock.now())) { row in
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
