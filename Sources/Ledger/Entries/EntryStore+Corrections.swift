import FoundationEssentials
import KopiykaCore
import SQLite

extension EntryStore {
    /// The entries a chat message created, in the order they were made (an edit may have
    /// added some), for when its author edits it.
    public func list(sourceChatID: Int64, sourceMessageID: Int64) throws -> [Entry] {
        var result: [Entry] = []
        try db.query("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.source_chat_id = ? AND e.source_message_id = ? ORDER BY e.id
            """, sourceChatID, sourceMessageID) { result.append(Self.entry($0)) }
        return result
    }

    // MARK: Deleting and restoring

    static let restorableColumns = [
        "id", "household_id", "member_id", "kind", "amount_minor", "currency", "category", "account_id", "local_date",
        "created_at", "note", "original_text", "is_private", "source_update_id", "source_chat_id", "source_message_id",
        "source_position", "base_minor",
    ]

    /// Removes an entry, keeping its row so `restore` can put it back; returns what it was.
    @discardableResult
    public func delete(entryID: Int64) throws -> Entry? {
        try db.transaction {
            guard let entry = try entry(id: entryID) else { return nil }
            let object = Self.restorableColumns.map { "'\($0)', \($0)" }.joined(separator: ", ")
            try db.execute("""
                INSERT OR REPLACE INTO deleted_entries (entry_id, household_id, member_id, deleted_at_ms, row)
                SELECT id, household_id, member_id, ?, json_object(\(object)) FROM entries WHERE id = ?
                """, Ledger.milliseconds(clock.now()), entryID)
            try db.execute("DELETE FROM entries WHERE id = ?", entryID)
            return entry
        }
    }

    /// Puts back an entry deleted after `since`; nil when it is too late or was never deleted.
    public func restore(entryID: Int64, deletedSince since: Date) throws -> Entry? {
        try db.transaction {
            let columns = Self.restorableColumns.joined(separator: ", ")
            let values = Self.restorableColumns.map { "json_extract(row, '$.\($0)')" }.joined(separator: ", ")
            let restored = try db.execute("""
                INSERT INTO entries (\(columns)) SELECT \(values) FROM deleted_entries
                WHERE entry_id = ? AND deleted_at_ms >= ?
                """, entryID, Ledger.milliseconds(since))
            guard restored == 1 else { return nil }
            try db.execute("DELETE FROM deleted_entries WHERE entry_id = ?", entryID)
            return try entry(id: entryID)
        }
    }

    /// Whether a deleted entry can still be restored (deleted after `since`).
    public func isRestorable(entryID: Int64, since: Date) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM deleted_entries WHERE entry_id = ? AND deleted_at_ms >= ?",
                          entryID, Ledger.milliseconds(since)) { _ in true } ?? false
    }

    /// A deleted entry as it was, while its row is kept (to show it struck through).
    public func deleted(id: Int64) throws -> Entry? {
        let values = Self.restorableColumns.map { "json_extract(d.row, '$.\($0)') AS \($0)" }.joined(separator: ", ")
        return try db.queryFirst("""
            WITH e AS (SELECT \(values) FROM deleted_entries d WHERE d.entry_id = ?)
            SELECT \(Self.entryColumns) FROM e JOIN accounts a ON a.id = e.account_id
            """, id, transform: Self.entry)
    }

    /// The member's latest entry made after `since` that is still in their household (for
    /// `/undo`: what they wrote in a family they left stays in its history).
    public func latest(of member: Member, createdSince since: Date) throws -> Entry? {
        try db.queryFirst("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.member_id = ? AND e.created_at >= ? AND e.household_id = ? ORDER BY e.created_at DESC, e.id DESC LIMIT 1
            """, member.id, Ledger.timestamp(since), member.householdID, transform: Self.entry)
    }

    /// A household's latest entries that `viewer` may see, newest first.
    public func recent(householdID: Int64, limit: Int, shownTo viewer: Viewer = .books) throws -> [Entry] {
        var result: [Entry] = []
        let visible = viewer.condition
        try db.query("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? \(visible.sql) ORDER BY e.local_date DESC, e.id DESC LIMIT ?
            """, arguments: [householdID] + visible.arguments + [limit]) { result.append(Self.entry($0)) }
        return result
    }
}
