import FoundationEssentials
import KopiykaCore
import SQLite

/// Messages queued for Telegram: queued in the transaction that decided them, read by the
/// delivery loop, completed as each send ends, pruned when their time is up; and the chats
/// they go to (blocked, moved, abandoned), which only delivery and the outbox's rows read.
///
/// A value over the ledger's connection (`ledger.outbox`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct OutboxStore {
    let db: Connection
    let clock: WallClock
}

extension OutboxStore {
    /// Queues a message. Inside an update's transaction the row lands with the update's
    /// effects and its offset, or not at all: a reply is never lost, and never promised twice.
    @discardableResult
    public func enqueue(_ content: OutboxContent, chatID: Int64, threadID: Int64? = nil) throws -> Int64 {
        let payload = try content.payload()
        try db.execute("""
            INSERT INTO outbox (chat_id, thread_id, payload, created_at) VALUES (?, ?, ?, ?)
            """, chatID, threadID, payload, Ledger.timestamp(clock.now()))
        return db.lastInsertRowID
    }

    /// Pending rows in the order they were queued, skipping blocked chats; the caller paces.
    /// The first `limit` rows, and each chat's oldest even beyond them: a chat with a long
    /// queue never hides another chat's next row. Costs `limit` steps of the pending index and
    /// two seeks per chat with pending rows, whatever the length of the queue (a GROUP BY
    /// walked every pending row: 24,000 steps a read with a backlog of 5,000).
    /// `known`: what the caller already holds of some rows, not decoded again.
    public func pending(limit: Int = 100, known: [Int64: OutboxContent] = [:]) throws -> [OutboxItem] {
        // One list of ids, walked in order by primary key: as `… IN (…) OR … IN (…)` SQLite
        // built each list twice and sorted the rows (a quarter of the read's cost). `lanes`
        // skips from one chat to the next through outbox_pending_by_chat. The indexes are
        // named: with statistics (after an ANALYZE) SQLite chose to scan every row sent before
        // the first pending one, and to index all pending rows anew for each read.
        try pending(where: """
            o.id IN (
                SELECT id FROM (SELECT id FROM outbox INDEXED BY outbox_pending WHERE state = 'pending' ORDER BY id LIMIT ?)
                UNION
                SELECT id FROM (
                    WITH RECURSIVE lanes(chat) AS (
                        SELECT MIN(chat_id) FROM outbox INDEXED BY outbox_pending_by_chat WHERE state = 'pending'
                        UNION ALL
                        SELECT (SELECT MIN(chat_id) FROM outbox INDEXED BY outbox_pending_by_chat
                                WHERE state = 'pending' AND chat_id > lanes.chat)
                        FROM lanes WHERE lanes.chat IS NOT NULL)
                    SELECT (SELECT MIN(id) FROM outbox INDEXED BY outbox_pending_by_chat
                            WHERE state = 'pending' AND chat_id = lanes.chat) AS id
                    FROM lanes WHERE lanes.chat IS NOT NULL))
            """, arguments: [limit], known: known)
    }

    /// The first `limit` pending rows queued after row `id`, skipping blocked chats: what is
    /// new since a read that saw up to `id`.
    public func pending(after id: Int64, limit: Int) throws -> [OutboxItem] {
        try pending(where: "o.id > ?", then: " LIMIT ?", arguments: [id, limit], known: [:])
    }

    private func pending(where condition: String, then tail: String = "", arguments: [any SQLiteBindable],
                               known: [Int64: OutboxContent]) throws -> [OutboxItem] {
        var items: [OutboxItem] = []
        try db.query("""
            SELECT o.id, o.chat_id, o.thread_id, o.payload, o.attempts, o.not_before_ms, o.pieces_sent
            FROM outbox o LEFT JOIN chat_status c ON c.chat_id = o.chat_id
            WHERE o.state = 'pending' AND COALESCE(c.blocked, 0) = 0 AND \(condition)
            ORDER BY o.id\(tail)
            """, arguments: arguments) { row in
            guard let content = known[row.int64(0)] ?? OutboxContent(payload: row.string(3)) else { return }
            items.append(OutboxItem(
                id: row.int64(0), chatID: row.int64(1), threadID: row.optionalInt64(2), content: content,
                attempts: row.int(4),
                notBefore: row.optionalInt64(5).map { Date(timeIntervalSince1970: Double($0) / 1000) },
                piecesSent: row.int(6)))
        }
        return items
    }

    /// Records that the first `count` pieces of a split text are out, so a retry skips them.
    public func recordPiecesSent(_ count: Int, outboxID: Int64) throws {
        try db.execute("UPDATE outbox SET pieces_sent = ? WHERE id = ?", count, outboxID)
    }

    /// The Telegram message id a sent row produced, for edits that follow it.
    public func sentMessageID(outboxID: Int64) throws -> Int64? {
        try db.queryFirst("SELECT sent_message_id FROM outbox WHERE id = ?", outboxID) {
            $0.optionalInt64(0)
        } ?? nil
    }

    public func pendingCount() throws -> Int {
        try db.queryFirst("SELECT COUNT(*) FROM outbox WHERE state = 'pending'") { $0.int(0) } ?? 0
    }

    /// Records how a send ended. A sent row keeps only what later edits and presses need (its
    /// message id and its buttons), not what it said; a finished row is pruned when its time is up (`OutboxRetention`).
    /// `piecesSent`: of a long text to be retried, the pieces already out, in case recording
    /// them as they went failed (the retry, after a restart too, resumes after them).
    public func complete(_ item: OutboxItem, with result: OutboxResult, piecesSent: Int = 0) throws {
        // Each case is one statement, or a transaction of its own: no savepoint around them
        // (it copied every page the update touched, a fifth of recording a send).
        let now = clock.now()
        switch result {
        case .sent(let messageID):
            let kept = try item.content.keptAfterSending?.payload()
            try db.execute("""
                UPDATE outbox SET state = 'sent', sent_message_id = ?, attempts = attempts + 1, payload = ?, prune_at_ms = ?
                WHERE id = ?
                """, messageID, kept ?? "", Ledger.milliseconds(now.addingTimeInterval(OutboxRetention.sent)), item.id)
        case .retry(let at):
            try db.execute("UPDATE outbox SET attempts = attempts + 1, not_before_ms = ?, pieces_sent = MAX(pieces_sent, ?) WHERE id = ?",
                           Int64(at.timeIntervalSince1970 * 1000), piecesSent, item.id)
        case .chatMigrated(let newID):
            try moveChat(from: item.chatID, to: newID)
        case .chatBlocked:
            try setChatBlocked(item.chatID, true)
        case .failed(let reason):
            try db.execute("""
                UPDATE outbox SET state = 'failed', failure = ?, attempts = attempts + 1, prune_at_ms = ? WHERE id = ?
                """, reason, Ledger.milliseconds(now.addingTimeInterval(OutboxRetention.failed)), item.id)
        }
    }

}
