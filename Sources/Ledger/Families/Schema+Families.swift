import SQLite

extension Schema {
    /// Invitations, the family chat's settings, batched family posts, and the marks that make
    /// each scheduled post (digest, monthly report) go out once.
    static let families = Migration(version: 4, name: "invitations, broadcasts, schedule marks", sql: """
        ALTER TABLE households ADD COLUMN broadcast_mode TEXT NOT NULL DEFAULT 'batched'
            CHECK (broadcast_mode IN ('instant', 'batched', 'digest'));
        ALTER TABLE households ADD COLUMN family_thread_id INTEGER;

        CREATE TABLE invitations (
            code TEXT PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            created_by INTEGER NOT NULL REFERENCES members (id),
            expires_at_ms INTEGER NOT NULL,
            used_by INTEGER REFERENCES members (id)
        ) WITHOUT ROWID;

        -- A batched family post: one member's entries within a few minutes, edited as more come.
        CREATE TABLE family_posts (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            chat_id INTEGER NOT NULL,
            outbox_id INTEGER NOT NULL,
            opened_at_ms INTEGER NOT NULL
        );
        CREATE INDEX family_posts_by_member ON family_posts (member_id, opened_at_ms);
        CREATE TABLE family_post_entries (
            post_id INTEGER NOT NULL REFERENCES family_posts (id),
            entry_id INTEGER NOT NULL,
            PRIMARY KEY (post_id, entry_id)
        ) WITHOUT ROWID;
        CREATE INDEX family_post_entries_by_entry ON family_post_entries (entry_id);

        CREATE TABLE schedule_marks (
            household_id INTEGER NOT NULL REFERENCES households (id),
            kind TEXT NOT NULL,
            period TEXT NOT NULL,
            PRIMARY KEY (household_id, kind, period)
        ) WITHOUT ROWID;
        """)
}
