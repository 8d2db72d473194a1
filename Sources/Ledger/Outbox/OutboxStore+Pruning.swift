import FoundationEssentials
import KopiykaCore
import SQLite

/// How long finished outbox rows are kept.
public enum OutboxRetention {
    /// A sent row nothing refers to: nothing reads it again; a day leaves it to look at.
    public static let sent: TimeInterval = 86_400
    /// A failed row keeps what it said, for the operator, for a week.
    public static let failed: TimeInterval = 7 * 86_400
    /// A message that shows entries (a confirmation, a list, a family post, an export's
    /// progress) keeps its Telegram id this long after it was sent: a reply to it, or a
    /// change to one of its entries, edits it in place. Two months cover the month-end look
    /// back at last month; after that a change no longer edits the old message.
    public static let shown: TimeInterval = 60 * 86_400
}

extension OutboxStore {
    /// Deletes up to `limit` finished outbox rows whose time is up, by the index on that
    /// time; a row that still shows entries is kept instead (its text dropped) until
    /// `OutboxRetention.shown` has passed, then goes with the records of what it showed.
    /// One short transaction. Returns true for a full batch: more may be due.
    @discardableResult
    public func prune(limit: Int) throws -> Bool {
        try db.transaction {
            var due: [(id: Int64, kept: Bool, pruneAt: Int64)] = []
            try db.query("""
                SELECT id, kept, prune_at_ms FROM outbox WHERE prune_at_ms IS NOT NULL AND prune_at_ms <= ?
                ORDER BY prune_at_ms LIMIT ?
                """, Ledger.milliseconds(clock.now()), limit) { due.append(($0.int64(0), $0.bool(1), $0.int64(2))) }
            let keptLonger = Int64((OutboxRetention.shown - OutboxRetention.sent) * 1000)
            for row in due {
                if !row.kept, try showsEntries(outboxID: row.id) {
                    try db.execute("UPDATE outbox SET kept = 1, prune_at_ms = ? WHERE id = ?",
                                   row.pruneAt + keptLonger, row.id)
                } else {
                    if row.kept { try forgetView(outboxID: row.id) }
                    try forgetAccountMessages(outboxID: row.id)
                    try db.execute("DELETE FROM outbox WHERE id = ?", row.id)
                }
            }
            return due.count == limit
        }
    }

    /// Every outbox row, pending or finished (for tests and figures).
    public func rowCount() throws -> Int {
        try db.queryFirst("SELECT COUNT(*) FROM outbox") { $0.int(0) } ?? 0
    }

    /// Whether a later edit may need this row's message id: it is an entry view, a family
    /// post or an export's progress message.
    private func showsEntries(outboxID: Int64) throws -> Bool {
        try db.queryFirst("""
            SELECT EXISTS (SELECT 1 FROM entry_views WHERE outbox_id = ?1)
                OR EXISTS (SELECT 1 FROM family_posts WHERE outbox_id = ?1)
                OR EXISTS (SELECT 1 FROM export_jobs WHERE progress_outbox_id = ?1)
                OR EXISTS (SELECT 1 FROM transfers WHERE confirmation_outbox_id = ?1)
            """, outboxID) { $0.bool(0) } ?? false
    }

    /// Row ids may be given again once the latest is gone: nothing may point at a deleted one.
    private func forgetAccountMessages(outboxID: Int64) throws {
        try db.execute("DELETE FROM account_prompts WHERE outbox_id = ?", outboxID)
        try db.execute("DELETE FROM statement_split_prompts WHERE outbox_id = ?", outboxID)
        try db.execute("UPDATE transfers SET confirmation_outbox_id = NULL WHERE confirmation_outbox_id = ?", outboxID)
    }

    private func forgetView(outboxID: Int64) throws {
        try db.execute("DELETE FROM entry_view_entries WHERE outbox_id = ?", outboxID)
        try db.execute("DELETE FROM entry_views WHERE outbox_id = ?", outboxID)
        try db.execute("""
            DELETE FROM family_post_entries WHERE post_id IN (SELECT id FROM family_posts WHERE outbox_id = ?)
            """, outboxID)
        try db.execute("DELETE FROM family_posts WHERE outbox_id = ?", outboxID)
        try db.execute("DELETE FROM export_jobs WHERE progress_outbox_id = ? AND done = 1", outboxID)
    }
}
