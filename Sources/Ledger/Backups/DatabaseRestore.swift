import FoundationEssentials
import Glibc
import KopiykaCore
import SQLite

/// What `DatabaseRestore.restore` did.
public struct RestoreOutcome: Sendable {
    /// The backup as it was checked.
    public let backup: BackupSummary
    /// Where the database it replaced now is (its `-wal` beside it, if it had one); nil when
    /// there was none.
    public let previous: String?
}

/// Puts a backup in the live database's place. The caller holds `DatabaseLock`, so no bot
/// writes meanwhile.
///
/// Thread-safe: plain file operations and connections of its own. Blocks its thread for a
/// check of the whole backup and a copy of it.
public enum DatabaseRestore {
    /// Checks `backupPath` (`DatabaseBackup.inspect`), copies it beside the database under a
    /// hidden name and syncs it, then keeps the current database aside as
    /// `<database>.before-restore-<now>`: its WAL first copied into it when it can be
    /// (otherwise the `-wal` moves with it), and its `-shm`, an index any opener rebuilds,
    /// removed, so no old WAL is ever left beside the new file. Last, the copy is renamed into
    /// place and the folder synced. A backup that fails its check changes nothing.
    public static func restore(_ backupPath: String, over databasePath: String, now: Date) throws -> RestoreOutcome {
        let backup = try DatabaseBackup.inspect(backupPath)
        let temporary = DurableFile.folder(of: databasePath) + "/" + DatabaseBackup.partialName(for: DurableFile.name(of: databasePath))
        DatabaseBackup.removeFile(temporary)
        defer { DatabaseBackup.removeFile(temporary) }
        try DurableFile.copy(backupPath, to: temporary)
        guard DurableFile.size(temporary) == backup.bytes else {
            throw BackupFailure("the copy of \(backupPath) came out a different size; nothing was changed")
        }
        var previous: String?
        if DurableFile.exists(databasePath) {
            let aside = databasePath + ".before-restore-" + Timestamp.text(now).filter { $0.isNumber }
            checkpointFully(databasePath)
            _ = try DurableFile.move(databasePath + "-wal", to: aside + "-wal")
            unlink(databasePath + "-shm")
            _ = try DurableFile.move(databasePath, to: aside)
            previous = aside
        }
        try DurableFile.replace(databasePath, with: temporary)
        return RestoreOutcome(backup: backup, previous: previous)
    }

    /// Copies all of the WAL into the database file, so it stands alone; the last connection's
    /// close then removes the `-wal`. A damaged file may refuse: its `-wal` then moves with it.
    private static func checkpointFully(_ path: String) {
        guard DurableFile.exists(path + "-wal"), let db = try? Connection(path: path, creating: false) else { return }
        _ = try? db.pragma("wal_checkpoint(TRUNCATE)")
    }
}
