import SQLite

extension Schema {
    /// The owners who asked to be told in private when the server's daily backups keep
    /// failing (`/archive alerts on`), and whether they have been told of the failures going on
    /// now (`told`), so each hears once that backups fail and once that they work again, across
    /// restarts. Whether they are still owners is asked of `members` when the word goes out,
    /// so a handover needs no change here.
    static let backupAlerts = Migration(version: 65, name: "owners told of failing backups", sql: """
        CREATE TABLE backup_alerts (
            member_id INTEGER PRIMARY KEY REFERENCES members (id),
            told INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1))
        ) WITHOUT ROWID;
        """)
}
