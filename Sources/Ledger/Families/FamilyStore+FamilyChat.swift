import FoundationEssentials
import KopiykaCore
import SQLite

extension FamilyStore {
    /// Links a group as the household's family chat, not paused (unlinking it from any other
    /// household: the conversation asks first whether that household's owner let it go).
    public func linkFamilyChat(_ chatID: Int64, threadID: Int64?, householdID: Int64) throws {
        try db.transaction {
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

    /// Pauses (or resumes) a family group: it stays linked to its household, which alone can
    /// resume it or let it go, but nothing of the household is sent there while it is paused.
    public func setFamilyChatPaused(_ paused: Bool, chatID: Int64) throws {
        try db.execute("UPDATE households SET family_chat_paused = ? WHERE family_chat_id = ?", paused, chatID)
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
            """, memberID, chatID, Ledger.milliseconds(since), transform: { ($0.int64(0), $0.int64(1)) })
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
                       member.householdID, member.id, chatID, outboxID, Ledger.milliseconds(clock.now()))
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
}
