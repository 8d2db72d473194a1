import FoundationEssentials
import KopiykaCore
import SQLite

/// Why an invitation code did not work.
public enum InvitationProblem: Error, Equatable, Sendable {
    /// `revoked`: by the owner, or because the member who made it is no longer in the family.
    case unknown, expired, used, revoked
}

extension Ledger {
    // MARK: Invitations

    /// Stores a single-use invitation to `member`'s household, valid until `expires`.
    public func createInvitation(code: String, by member: Member, expires: Date) throws {
        try db.execute("INSERT INTO invitations (code, household_id, created_by, expires_at_ms) VALUES (?, ?, ?, ?)",
                       code, member.householdID, member.id, Self.milliseconds(expires))
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
        if expires < Self.milliseconds(clock.now()) { return .failure(.expired) }
        return .success(householdID)
    }

    /// Marks an invitation used; false when someone else used it first.
    public func useInvitation(code: String, by member: Member) throws -> Bool {
        try db.execute("UPDATE invitations SET used_by = ? WHERE code = ? AND used_by IS NULL",
                       member.id, code) == 1
    }

    public func setRole(_ role: Member.Role, memberID: Int64) throws {
        try db.execute("UPDATE members SET role = ? WHERE id = ?", role.rawValue, memberID)
    }

    // MARK: The family chat

    /// Links a group as the household's family chat, not paused (unlinking it from any other
    /// household: the conversation asks first whether that household's owner let it go).
    public func linkFamilyChat(_ chatID: Int64, threadID: Int64?, householdID: Int64) throws {
        try transaction {
            try unlinkFamilyChat(chatID)
            try db.execute("UPDATE households SET family_chat_id = ?, family_thread_id = ?, family_chat_paused = 0 WHERE id = ?",
                           chatID, threadID, householdID)
        }
    }

    public func unlinkFamilyChat(_ chatID: Int64) throws {
        try db.execute("""
            UPDATE households SET family_chat_id = NULL, family_thread_id = NULL, family_chat_paused = 0 WHERE family_chat_id = ?
            """, chatID)
    }

    public func household(familyChatID chatID: Int64) throws -> Household? {
        try db.queryFirst("SELECT \(Self.householdColumns) FROM households WHERE family_chat_id = ?", chatID,
                          transform: Self.household)
    }

    public func setBroadcastMode(_ mode: BroadcastMode, householdID: Int64) throws {
        try db.execute("UPDATE households SET broadcast_mode = ? WHERE id = ?", mode.rawValue, householdID)
    }

    // MARK: Batched family posts

    /// The member's post still open for more entries (opened after `since`), if any.
    public func openFamilyPost(memberID: Int64, chatID: Int64, since: Date) throws -> (postID: Int64, outboxID: Int64, entryIDs: [Int64])? {
        guard let (postID, outboxID) = try db.queryFirst("""
            SELECT id, outbox_id FROM family_posts
            WHERE member_id = ? AND chat_id = ? AND opened_at_ms >= ? ORDER BY id DESC LIMIT 1
            """, memberID, chatID, Self.milliseconds(since), transform: { ($0.int64(0), $0.int64(1)) })
        else { return nil }
        var entryIDs: [Int64] = []
        try db.query("SELECT entry_id FROM family_post_entries WHERE post_id = ? ORDER BY entry_id", postID) {
            entryIDs.append($0.int64(0))
        }
        return (postID, outboxID, entryIDs)
    }

    /// Records a new family post and the entries it shows.
    public func recordFamilyPost(member: Member, chatID: Int64, outboxID: Int64, entryIDs: [Int64]) throws -> Int64 {
        try db.execute("INSERT INTO family_posts (household_id, member_id, chat_id, outbox_id, opened_at_ms) VALUES (?, ?, ?, ?, ?)",
                       member.householdID, member.id, chatID, outboxID, Self.milliseconds(clock.now()))
        let postID = db.lastInsertRowID
        try addToFamilyPost(postID, entryIDs: entryIDs)
        return postID
    }

    public func addToFamilyPost(_ postID: Int64, entryIDs: [Int64]) throws {
        for id in entryIDs {
            try db.execute("INSERT OR IGNORE INTO family_post_entries (post_id, entry_id) VALUES (?, ?)", postID, id)
        }
    }

    /// The family posts that show an entry (to edit them when the entry changes).
    public func familyPosts(showing entryID: Int64) throws -> [(postID: Int64, outboxID: Int64, chatID: Int64, entryIDs: [Int64])] {
        var posts: [(Int64, Int64, Int64)] = []
        try db.query("""
            SELECT p.id, p.outbox_id, p.chat_id FROM family_posts p
            JOIN family_post_entries pe ON pe.post_id = p.id WHERE pe.entry_id = ?
            """, entryID) { posts.append(($0.int64(0), $0.int64(1), $0.int64(2))) }
        return try posts.map { post in
            var ids: [Int64] = []
            try db.query("SELECT entry_id FROM family_post_entries WHERE post_id = ? ORDER BY entry_id", post.0) {
                ids.append($0.int64(0))
            }
            return (post.0, post.1, post.2, ids)
        }
    }

    // MARK: Schedule

    /// Claims a scheduled post (`digest` for `2026-11-21`, `monthly` for `2026-10`) for a
    /// household. True only the first time, in the transaction that queues the post.
    public func claimSchedule(_ kind: String, period: String, householdID: Int64) throws -> Bool {
        try db.execute("INSERT INTO schedule_marks (household_id, kind, period) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       householdID, kind, period) == 1
    }

    /// Whether `claimSchedule` took this period already: the schedule lists only what is due.
    public func isScheduleClaimed(_ kind: String, period: String, householdID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM schedule_marks WHERE household_id = ? AND kind = ? AND period = ?",
                          householdID, kind, period) { _ in true } ?? false
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
