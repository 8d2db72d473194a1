import SQLite

extension Schema {
    /// The highest entry id ever deleted, kept by SQLite itself on every delete, whatever
    /// path deletes: `nextEntryID` never gives it again. Before, each insert wrote its id to
    /// `bot_state`, an upsert per entry (2 % of a message's instructions under telegram-bench)
    /// for a figure only a delete can make necessary. Ids given before this migration are
    /// covered by what those upserts left. A migration that rebuilds `entries` drops its
    /// triggers and must create this one again (`CorrectionTests` would fail without it).
    static let entryIDs = Migration(version: 25, name: "deleted entry ids kept by a trigger", sql: """
        CREATE TRIGGER entries_keep_deleted_id AFTER DELETE ON entries BEGIN
            INSERT INTO bot_state (key, value) VALUES ('last_entry_id', OLD.id)
            ON CONFLICT (key) DO UPDATE SET value = MAX(value, excluded.value);
        END;
        """)
}
