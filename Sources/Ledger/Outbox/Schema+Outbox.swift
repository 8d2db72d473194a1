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
