import FoundationEssentials
import Glibc
import KopiykaCore
import Ledger

/// `kopiyka backup [PATH]`: a consistent copy of the database, made while the bot runs and
/// writes, checked and put in place atomically (`DatabaseBackup`). PATH a folder, or nothing
/// (`BACKUP_DIR`): a file named by the time, as the bot's own daily backups are.
struct BackupCommand {
    let path: String?

    init(options: [String]) throws(ExitError) {
        path = try CommandLineInterface.arguments(options, of: "backup", words: 0...1).words.first
    }

    func run() throws(ExitError) {
        let configuration = try loadConfiguration()
        let now = WallClock.system.now()
        guard let target = path ?? configuration.backupDirectory else {
            throw ExitError("BACKUP_DIR is off: name the file, as in kopiyka backup /path/to/kopiyka-backup.sqlite", status: 64)
        }
        if path == nil { try? BackupFolder(path: target).create() }
        var status = stat()
        let isFolder = stat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        let file = isFolder ? (target.hasSuffix("/") ? target : target + "/") + BackupFolder.name(for: now) : target
        guard realPath(file) != realPath(configuration.databasePath) else {
            throw ExitError("the backup cannot replace the database itself (\(file))", status: 64)
        }
        let started = ContinuousClock.now
        let summary: BackupSummary
        do {
            summary = try DatabaseBackup.write(from: configuration.databasePath, to: file, now: now)
        } catch {
            throw ExitError("backup failed: \(error); nothing was written to \(file)")
        }
        print("backed up \(configuration.databasePath) to \(summary.path) in \(Self.seconds(ContinuousClock.now - started))")
        print(Self.describe(summary))
        print("checked: SQLite quick_check ok, month totals match the entries")
    }

    /// `62.3 MB, 3 households, 12345 entries, schema 35, taken 2026-12-07T19:30:00Z`.
    static func describe(_ summary: BackupSummary) -> String {
        let megabytes = (Double(summary.bytes) / 1_048_576).fixed(1)
        var line = "\(megabytes) MB, \(summary.households) households, \(summary.entries) entries, schema \(summary.schemaVersion)"
        if let taken = summary.takenAt { line += ", taken \(takenText(taken))" }
        return line
    }

    static func takenText(_ instant: Date) -> String {
        instant.formatted(.iso8601)
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds.fixed(2) + " s"
    }

    private func realPath(_ path: String) -> String {
        guard let resolved = Glibc.realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
