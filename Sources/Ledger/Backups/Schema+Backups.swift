import SQLite

extension Schema {
    /// When a backup was taken: one row, written into the copy by `DatabaseBackup`, so `kopiyka
    /// restore` can say which day it brings back (a database restored from a backup keeps its
    /// row until its own next backup's copy replaces it). The backup writes the same `CREATE`
    /// into a copy of a file from before this version.
    static let backupOriginTable = "CREATE TABLE IF NOT EXISTS backup_origin (taken_at TEXT NOT NULL)"
    static let backupOrigin = Migration(version: 35, name: "when a backup was taken", sql: backupOriginTable)
}
