import FoundationEssentials
import Glibc
import KopiykaCore
import SQLite

/// What a backup file holds, read from the file itself.
public struct BackupSummary: Equatable, Sendable {
    public let path: String
    public let bytes: Int
    public let households: Int
    public let entries: Int
    public let schemaVersion: Int
    /// When the copy was taken; nil for a file that was not made by `DatabaseBackup`.
    public let takenAt: Date?
}

/// Why a backup could not be made, or a file cannot be restored: one sentence for the operator.
public struct BackupFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Consistent copies of the live database, made while the bot runs and writes, and the check
/// every copy passes before it counts as one.
///
/// Thread-safe: each call opens connections of its own. Every call blocks its thread for as
/// long as it copies or reads the whole file: run it on a thread of its own, never on Swift's
/// cooperative pool.
public enum DatabaseBackup {
    /// Copies the database at `databasePath` into `path` as it stood at one moment (SQLite's
    /// online backup, `pagesPerStep` pages a step, see `Connection.backup`), stamps the copy
    /// with `now`, checks it (`inspect`), and only then puts it in place: written under a
    /// hidden temporary name (`partialName`), synced, renamed over `path`, the folder synced.
    /// A copy that fails its check, or a process killed half way, leaves nothing at `path`
    /// (the temporary file of a killed process stays, named as unfinished). Mode 0600.
    /// `afterStep` ends the copy by returning false (shutdown).
    ///
    /// Cost: a read and a write of every page, then the check's read of every page and its
    /// sum over the entries; see the README for the figures at a million entries. Writers on
    /// other connections never wait for it (WAL).
    @discardableResult
    public static func write(from databasePath: String, to path: String, now: Date, pagesPerStep: Int32 = 4_096,
                             afterStep: (_ copied: Int, _ total: Int) -> Bool = { _, _ in true }) throws -> BackupSummary {
        guard DurableFile.exists(databasePath) else { throw BackupFailure("there is no database at \(databasePath)") }
        let temporary = DurableFile.folder(of: path) + "/" + partialName(for: DurableFile.name(of: path))
        removeFile(temporary)
        defer { removeFile(temporary) }
        do {
            let source = try Connection(path: databasePath, creating: false, journal: .readOnly)
            PrivateFile.restrict(temporary, create: true)
            let copy = try Connection(path: temporary, journal: .rollback)
            try source.backup(into: copy, pagesPerStep: pagesPerStep, afterStep: afterStep)
            try copy.executeScript(Schema.backupOriginTable)
            try copy.execute("DELETE FROM backup_origin")
            try copy.execute("INSERT INTO backup_origin (taken_at) VALUES (?)", Timestamp.text(now))
        }
        let summary = try inspect(temporary)
        try DurableFile.replace(path, with: temporary)
        return summary.at(path)
    }

    /// Reads `path` without writing to it and checks it is a whole Kopiyka database this build
    /// can open: SQLite's quick check finds nothing wrong, its schema version is known, and
    /// its month totals match a fresh sum over its entries (`kopiyka totals`). Throws
    /// `BackupFailure` saying what is wrong.
    ///
    /// Cost: reads every page, and sums every entry once.
    public static func inspect(_ path: String) throws -> BackupSummary {
        guard DurableFile.exists(path) else { throw BackupFailure("there is no file at \(path)") }
        let db: Connection
        do {
            db = try Connection(path: path, creating: false, journal: .readOnly)
            let problems = try db.quickCheck()
            guard problems.isEmpty else {
                throw BackupFailure("\(path) is damaged (SQLite's quick check: \(problems.joined(separator: "; ")))")
            }
        } catch let error as SQLiteError {
            throw BackupFailure("\(path) cannot be read as a database (SQLite: \(error.message))")
        }
        guard try table("schema_migrations", in: db), try table("entries", in: db) else {
            throw BackupFailure("\(path) is not a Kopiyka database")
        }
        let version = try Schema.migrator.appliedVersion(db)
        guard version <= Ledger.schemaVersion else {
            throw BackupFailure("\(path) was written by a newer Kopiyka (schema \(version); this build knows up to "
                + "\(Ledger.schemaVersion))")
        }
        let mismatches = try EntryStore.monthTotalsMismatches(db)
        guard mismatches == 0 else {
            throw BackupFailure("\(path) holds month totals that disagree with its entries (\(mismatches) rows)")
        }
        let takenAt = try table("backup_origin", in: db)
            ? try db.queryFirst("SELECT taken_at FROM backup_origin") { Timestamp.date($0.string(0)) } ?? nil
            : nil
        return BackupSummary(
            path: path, bytes: DurableFile.size(path),
            households: try db.queryFirst("SELECT count(*) FROM households") { $0.int(0) } ?? 0,
            entries: try db.queryFirst("SELECT count(*) FROM entries") { $0.int(0) } ?? 0,
            schemaVersion: version, takenAt: takenAt)
    }

    /// The hidden name a backup to `name` is written under until it is checked: no pattern
    /// that lists backups matches it, and the next scheduled backup removes it.
    public static func partialName(for name: String) -> String { ".\(name).partial" }

    static func table(_ name: String, in db: Connection) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", name) { _ in true } ?? false
    }

    static func removeFile(_ path: String) {
        for suffix in ["", "-journal"] { unlink(path + suffix) }
    }
}

extension BackupSummary {
    func at(_ path: String) -> BackupSummary {
        BackupSummary(path: path, bytes: bytes, households: households, entries: entries, schemaVersion: schemaVersion, takenAt: takenAt)
    }
}
