import SQLite

extension Schema {
    /// What pruning the outbox needs: when a finished row's time is up, whether it was kept
    /// for later edits, and indexes to find rows by the messages that show them. Rows that
    /// finished before this migration get a day from when they were queued.
    static let outboxPruning = Migration(version: 8, name: "outbox pruning, pending rows by chat", sql: """
        ALTER TABLE outbox ADD COLUMN prune_at_ms INTEGER;
        ALTER TABLE outbox ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
        UPDATE outbox SET prune_at_ms = CAST(strftime('%s', created_at) AS INTEGER) * 1000 + 86400000
            WHERE state != 'pending';
        CREATE INDEX outbox_prunable ON outbox (prune_at_ms) WHERE prune_at_ms IS NOT NULL;
        -- Each chat's oldest pending row, however long another chat's queue.
        CREATE INDEX outbox_pending_by_chat ON outbox (chat_id, id) WHERE state = 'pending';
        CREATE INDEX family_posts_by_outbox ON family_posts (outbox_id);
        CREATE INDEX export_jobs_by_progress ON export_jobs (progress_outbox_id) WHERE progress_outbox_id IS NOT NULL;
        """)
}

extension Schema {
    /// The state check as comparisons. SQLite builds a temporary table for an IN list of three
    /// each time it checks one, and it checks on every insert and every change of state: two
    /// per reply, 2 µs each. A CHECK cannot be altered, so the table is copied as SQLite
    /// documents (new table, rows, drop, rename, indexes again); nothing refers to it by key.
    static let outboxStateCheck = Migration(version: 24, name: "outbox state check without a temporary table", sql: """
        CREATE TABLE outbox_new (
            id INTEGER PRIMARY KEY,
            chat_id INTEGER NOT NULL,
            thread_id INTEGER,
            payload TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state = 'pending' OR state = 'sent' OR state = 'failed'),
            attempts INTEGER NOT NULL DEFAULT 0,
            not_before_ms INTEGER,
            sent_message_id INTEGER,
            -- Of a text split into several Telegram messages, how many are out already.
            pieces_sent INTEGER NOT NULL DEFAULT 0,
            failure TEXT,
            created_at TEXT NOT NULL,
            prune_at_ms INTEGER,
            kept INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO outbox_new (id, chat_id, thread_id, payload, state, attempts, not_before_ms, sent_message_id,
            pieces_sent, failure, created_at, prune_at_ms, kept)
        SELECT id, chat_id, thread_id, payload, state, attempts, not_before_ms, sent_message_id,
            pieces_sent, failure, created_at, prune_at_ms, kept FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_new RENAME TO outbox;
        CREATE INDEX outbox_pending ON outbox (id) WHERE state = 'pending';
        CREATE INDEX outbox_by_sent_message ON outbox (chat_id, sent_message_id) WHERE sent_message_id IS NOT NULL;
        CREATE INDEX outbox_prunable ON outbox (prune_at_ms) WHERE prune_at_ms IS NOT NULL;
        CREATE INDEX outbox_pending_by_chat ON outbox (chat_id, id) WHERE state = 'pending';
        """)
}
