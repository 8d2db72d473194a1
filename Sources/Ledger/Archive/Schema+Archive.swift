import SQLite

extension Schema {
    /// Family archives. A file sent to the bot is a statement or an archive (`kind`), fetched
    /// the same way and read by its own feature's job. `archive_rows` remembers each row an
    /// archive brought, by its origin and its id there, so the same archive twice (or a newer
    /// one of the same family) adds only what is new. `weekly_archives` holds an owner's
    /// weekly sealed archive: the key derived from their passphrase, itself sealed under the
    /// database's key file, never the passphrase. `archive_prompts` is the passphrase a member
    /// is asked for (to turn the weekly archive on, to say it again, or to open a sealed archive
    /// they sent).
    /// `archive_instance`, a random number, tells this database's households from another's
    /// of the same id in an archive's origin.
    static let archives = Migration(version: 40, name: "family archives", sql: """
        ALTER TABLE statement_imports ADD COLUMN kind TEXT NOT NULL DEFAULT 'statement'
            CHECK (kind IN ('statement', 'archive'));
        CREATE TABLE archive_rows (
            household_id INTEGER NOT NULL REFERENCES households (id),
            origin TEXT NOT NULL,
            kind TEXT NOT NULL,
            origin_id INTEGER NOT NULL,
            -- A member's stand-in here, for the origin's member `origin_id` (kind 'member').
            local_id INTEGER,
            PRIMARY KEY (household_id, origin, kind, origin_id)
        ) WITHOUT ROWID;
        CREATE TABLE weekly_archives (
            member_id INTEGER PRIMARY KEY REFERENCES members (id),
            sealed_key BLOB NOT NULL,
            next_at_ms INTEGER NOT NULL
        );
        CREATE TABLE archive_prompts (
            member_id INTEGER PRIMARY KEY REFERENCES members (id),
            purpose TEXT NOT NULL CHECK (purpose IN ('weekly', 'confirm', 'restore')),
            import_id INTEGER REFERENCES statement_imports (id),
            -- The key of a new passphrase said once, sealed, until it is said again.
            pending_key BLOB,
            asked_at_ms INTEGER NOT NULL
        );
        INSERT OR IGNORE INTO bot_state (key, value) VALUES ('archive_instance', abs(random() / 2));
        """)
}
