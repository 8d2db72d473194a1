import SQLite

extension Schema {
    /// What fixing mistakes and taking data out need: which confirmation shows which entries,
    /// deleted entries kept for a restore, rules learned from corrections, export jobs.
    static let corrections = Migration(version: 5, name: "confirmations, deleted entries, rules, exports", sql: """
        -- Every message that shows entries with their buttons: a confirmation or a list.
        CREATE TABLE entry_views (
            outbox_id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'list')),
            header TEXT
        );
        CREATE TABLE entry_view_entries (
            outbox_id INTEGER NOT NULL REFERENCES entry_views (outbox_id),
            entry_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (outbox_id, entry_id)
        ) WITHOUT ROWID;
        CREATE INDEX entry_view_entries_by_entry ON entry_view_entries (entry_id);
        CREATE INDEX outbox_by_sent_message ON outbox (chat_id, sent_message_id) WHERE sent_message_id IS NOT NULL;
        CREATE INDEX entries_by_source_message ON entries (source_chat_id, source_message_id);

        CREATE TABLE deleted_entries (
            entry_id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL,
            member_id INTEGER NOT NULL,
            deleted_at_ms INTEGER NOT NULL,
            row TEXT NOT NULL  -- the entry's columns as JSON, to put it back exactly
        );

        CREATE TABLE category_rules (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            stem TEXT NOT NULL,
            category TEXT NOT NULL REFERENCES categories (key),
            UNIQUE (household_id, stem)
        );

        CREATE TABLE export_jobs (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            chat_id INTEGER NOT NULL,
            thread_id INTEGER,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL,
            progress_outbox_id INTEGER,
            last_date TEXT NOT NULL DEFAULT '',
            last_entry_id INTEGER NOT NULL DEFAULT 0,
            rows_done INTEGER NOT NULL DEFAULT 0,
            rows_total INTEGER NOT NULL,
            csv BLOB NOT NULL DEFAULT x'',
            done INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX export_jobs_unfinished ON export_jobs (id) WHERE done = 0;
        """)
}
