import FoundationEssentials
import KopiykaCore
import SQLite

/// Joining and leaving: a member brings their entries into a family and takes back only those
/// when they leave; what they wrote while in it stays in its history, under their name.
extension FamilyStore {
    /// Moves a person who is alone in their household into another one, taking their entries
    /// along; their old, now empty, household stays behind without members. The ids of the
    /// entries they bring are remembered: those go back with them if they leave.
    public func moveMember(_ member: Member, toHousehold householdID: Int64) throws -> Member {
        try db.transaction {
            try revokeInvitations(createdBy: member.id)
            try db.execute("""
                UPDATE members SET household_id = ?1, role = 'member',
                    brought_first_entry = (SELECT MIN(id) FROM \(Self.solo)),
                    brought_last_entry = (SELECT MAX(id) FROM \(Self.solo))
                WHERE id = ?2
                """, householdID, member.id, member.householdID)
            try moveEntries(of: member.id, from: member.householdID, toHousehold: householdID, ids: nil)
            // Their recurring payments come along: left behind, they would be dropped as a former member's.
            try db.execute("UPDATE recurring_items SET household_id = ? WHERE member_id = ? AND household_id = ?",
                           householdID, member.id, member.householdID)
            guard let moved = try self.member(id: member.id) else { throw InvitationProblem.unknown }
            return moved
        }
    }

    /// The ids of member ?2's entries, deleted ones too, in household ?3.
    private static let solo = """
        (SELECT id FROM entries WHERE member_id = ?2 AND household_id = ?3
         UNION ALL SELECT entry_id FROM deleted_entries WHERE member_id = ?2 AND household_id = ?3)
        """

    /// Removes a member from a household: they get a household of their own again, with the
    /// entries they brought when they joined. What they wrote while in the family stays in its
    /// history (a private entry stays private there), and the family still knows their name.
    public func detachMember(_ member: Member) throws -> Member {
        try db.transaction {
            guard let old = try household(id: member.householdID) else { return member }
            let brought = try db.queryFirst("SELECT brought_first_entry, brought_last_entry FROM members WHERE id = ?", member.id) {
                row -> ClosedRange<Int64>? in
                guard let first = row.optionalInt64(0), let last = row.optionalInt64(1), first <= last else { return nil }
                return first...last
            } ?? nil
            try db.execute("INSERT INTO households (base_currency, time_zone, created_at) VALUES (?, ?, ?)",
                           old.baseCurrency.code, old.timeZone.identifier, Ledger.timestamp(clock.now()))
            let householdID = db.lastInsertRowID
            try revokeInvitations(createdBy: member.id)
            try db.execute("""
                UPDATE members SET household_id = ?, role = 'owner', brought_first_entry = NULL, brought_last_entry = NULL
                WHERE id = ?
                """, householdID, member.id)
            try db.execute("INSERT OR IGNORE INTO former_members (household_id, member_id) VALUES (?, ?)", old.id, member.id)
            if let brought { try moveEntries(of: member.id, from: old.id, toHousehold: householdID, ids: brought) }
            // Nobody pays their recurring payments in the family any more: out of its lists, budgets and schedule now.
            try db.execute("""
                UPDATE recurring_items SET deleted_at = ?, next_date = NULL WHERE member_id = ? AND household_id = ? AND deleted_at IS NULL
                """, Ledger.timestamp(clock.now()), member.id, old.id)
            return try self.member(id: member.id) ?? member
        }
    }

    /// The member's entries in `from` (those with ids in `ids`, or all) go with them, the
    /// deleted ones kept for a restore too: otherwise the old household's lists still show
    /// them and its ↩ button restores them there.
    private func moveEntries(of memberID: Int64, from: Int64, toHousehold householdID: Int64, ids: ClosedRange<Int64>?) throws {
        let first = ids?.lowerBound ?? .min, last = ids?.upperBound ?? .max
        try db.execute("""
            UPDATE entries SET household_id = ? WHERE member_id = ? AND household_id = ? AND id BETWEEN ? AND ?
            """, householdID, memberID, from, first, last)
        try db.execute("""
            UPDATE deleted_entries SET household_id = ?1, row = json_set(row, '$.household_id', ?1)
            WHERE member_id = ?2 AND household_id = ?3 AND entry_id BETWEEN ?4 AND ?5
            """, householdID, memberID, from, first, last)
        // Their bank rows follow the entries made from or linked to them (all of them when they
        // join): a statement read again in the new household is known there, not counted twice.
        try db.execute("""
            UPDATE OR IGNORE bank_facts SET household_id = ?1
            WHERE member_id = ?2 AND household_id = ?3 AND (?6 OR entry_id BETWEEN ?4 AND ?5)
            """, householdID, memberID, from, first, last, ids == nil)
    }

    /// The households a member left, where what they wrote while there stays.
    public func householdsLeft(by memberID: Int64) throws -> [Int64] {
        var result: [Int64] = []
        try db.query("SELECT household_id FROM former_members WHERE member_id = ? ORDER BY household_id", memberID) {
            result.append($0.int64(0))
        }
        return result
    }

    /// People who left the household, still named beside what they wrote while in it.
    public func formerMembers(householdID: Int64) throws -> [Member] {
        var result: [Member] = []
        // A join in the primary key's order: `id IN (SELECT …)` built a temporary table each time.
        try db.query("""
            SELECT \(Self.joinedMemberColumns) FROM former_members f JOIN members m ON m.id = f.member_id
            WHERE f.household_id = ? AND m.household_id != ? ORDER BY f.member_id
            """, householdID, householdID) { result.append(Self.member($0)) }
        return result
    }
}
