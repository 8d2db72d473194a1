import FoundationEssentials
import KopiykaCore
import SQLite

extension EntryStore {
    // MARK: Messages that show entries

    /// Remembers that an outbox row shows these entries, in this order, under `header`: a
    /// reply to it, an edit of the message that made them, or a change through any of its
    /// buttons re-renders it.
    public func recordEntryView(_ kind: EntryView.Kind, outboxID: Int64, entryIDs: [Int64], header: String? = nil) throws {
        try db.execute("INSERT OR IGNORE INTO entry_views (outbox_id, kind, header) VALUES (?, ?, ?)",
                       outboxID, kind.rawValue, header)
        try addEntries(entryIDs, toView: outboxID, from: 0)
    }

    /// Adds entries to a view (an edited message that now holds more entries).
    public func extendEntryView(_ view: EntryView, with entryIDs: [Int64]) throws {
        try addEntries(entryIDs, toView: view.outboxID, from: view.entryIDs.count)
    }

    private func addEntries(_ entryIDs: [Int64], toView outboxID: Int64, from start: Int) throws {
        for (offset, id) in entryIDs.enumerated() {
            try db.execute("INSERT OR IGNORE INTO entry_view_entries (outbox_id, entry_id, position) VALUES (?, ?, ?)",
                           outboxID, id, start + offset)
        }
    }

    /// Every message that shows one of these entries.
    public func entryViews(showing entryIDs: [Int64]) throws -> [EntryView] {
        var outboxIDs: Set<Int64> = []
        for id in entryIDs {
            try db.query("SELECT outbox_id FROM entry_view_entries WHERE entry_id = ?", id) { outboxIDs.insert($0.int64(0)) }
        }
        return try outboxIDs.sorted().compactMap(entryView(outboxID:))
    }

    public func entryView(outboxID: Int64) throws -> EntryView? {
        guard let (kind, header, chatID) = try db.queryFirst("""
            SELECT v.kind, v.header, o.chat_id FROM entry_views v JOIN outbox o ON o.id = v.outbox_id WHERE v.outbox_id = ?
            """, outboxID, transform: { (EntryView.Kind(rawValue: $0.string(0)) ?? .confirmation, $0.optionalString(1), $0.int64(2)) })
        else { return nil }
        var ids: [Int64] = []
        try db.query("SELECT entry_id FROM entry_view_entries WHERE outbox_id = ? ORDER BY position", outboxID) {
            ids.append($0.int64(0))
        }
        return EntryView(outboxID: outboxID, chatID: chatID, kind: kind, header: header, entryIDs: ids)
    }

    /// The view a sent Telegram message is, for a reply to it. (Its edits carry the same
    /// Telegram message id in later outbox rows: the view is the row that first sent it.)
    public func entryView(chatID: Int64, messageID: Int64) throws -> EntryView? {
        guard let outboxID = try db.queryFirst("""
            SELECT o.id FROM outbox o JOIN entry_views v ON v.outbox_id = o.id
            WHERE o.chat_id = ? AND o.sent_message_id = ? ORDER BY o.id DESC LIMIT 1
            """, chatID, messageID, transform: { $0.int64(0) })
        else { return nil }
        return try entryView(outboxID: outboxID)
    }

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

    /// The household's categories of one kind, most used first over the months given.
    public func categoriesByUse(householdID: Int64, kind: EntryKind, months: ClosedRange<YearMonth>) throws -> [CategoryKey] {
        var keys: [CategoryKey] = []
        try db.query("""
            SELECT category FROM month_totals WHERE household_id = ? AND kind = ? AND month BETWEEN ? AND ?
            GROUP BY category ORDER BY SUM(entry_count) DESC, category
            """, householdID, kind.rawValue, months.lowerBound.iso, months.upperBound.iso) {
            keys.append(CategoryKey(rawValue: $0.string(0)))
        }
        return keys
    }
}
