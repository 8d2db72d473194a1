import FoundationEssentials
import SQLite

extension OutboxStore {
    /// Gives up on a chat the bot was removed from. What is still queued for it fails (kept
    /// for the record), so none of it reaches whoever puts the bot back there; its batched
    /// family posts close, so the next entry starts a post instead of editing one that never
    /// went out. Rare, so the posts are found by a scan.
    public func abandonChat(_ chatID: Int64) throws {
        try db.execute("""
            UPDATE outbox SET state = 'failed', failure = 'the bot left the chat' WHERE chat_id = ? AND state = 'pending'
            """, chatID)
        try db.execute("UPDATE family_posts SET opened_at_ms = 0 WHERE chat_id = ? AND opened_at_ms > 0", chatID)
    }

    /// The buttons a sent message carries now (its last sent version, an edit or the message
    /// itself), or nil for a message the outbox does not know. A press whose data is not
    /// among them was made up by its client.
    public func sentButtons(chatID: Int64, messageID: Int64) throws -> [[OutboxButton]]? {
        guard let payload = try db.queryFirst("""
            SELECT payload FROM outbox WHERE chat_id = ? AND sent_message_id = ? ORDER BY id DESC LIMIT 1
            """, chatID, messageID, transform: { $0.string(0) })
        else { return nil }
        switch OutboxContent(payload: payload) {
        case .message(_, _, let buttons)?, .edit(_, _, _, let buttons)?: return buttons
        default: return []
        }
    }

    /// A group became a supergroup: its queued messages and its family link follow it. When
    /// another household linked the supergroup meanwhile (the migration went unnoticed while
    /// the bot was away), the supergroup is that family's: this household's link ends, and
    /// what it queued for the old group fails rather than reach the other family. (The move
    /// broke the link's uniqueness and failed every time the send was recorded.)
    public func moveChat(from oldID: Int64, to newID: Int64) throws {
        try db.transaction {
            var linked: Set<Int64> = []
            try db.query("SELECT family_chat_id FROM households WHERE family_chat_id IN (?, ?)", oldID, newID) {
                linked.insert($0.int64(0))
            }
            guard !linked.isSuperset(of: [oldID, newID]) else {
                try abandonChat(oldID)
                try db.execute("""
                    UPDATE households SET family_chat_id = NULL, family_thread_id = NULL, family_chat_paused = 0
                    WHERE family_chat_id = ?
                    """, oldID)
                return
            }
            try db.execute("UPDATE outbox SET chat_id = ? WHERE chat_id = ? AND state = 'pending'", newID, oldID)
            try db.execute("UPDATE households SET family_chat_id = ? WHERE family_chat_id = ?", newID, oldID)
        }
    }

    /// Stops (or, when the person is back, resumes) sending to a chat; its data stays.
    public func setChatBlocked(_ chatID: Int64, _ blocked: Bool) throws {
        if blocked {
            try db.execute("""
                INSERT INTO chat_status (chat_id, blocked) VALUES (?, 1)
                ON CONFLICT (chat_id) DO UPDATE SET blocked = 1
                """, chatID)
        } else {
            try db.execute("UPDATE chat_status SET blocked = 0 WHERE chat_id = ? AND blocked = 1", chatID)
        }
    }

    public func isChatBlocked(_ chatID: Int64) throws -> Bool {
        try db.queryFirst("SELECT blocked FROM chat_status WHERE chat_id = ?", chatID) { $0.bool(0) } ?? false
    }
}
