import FoundationEssentials
import KopiykaCore
import Ledger

/// `kopiyka restore BACKUP`: the backup becomes the database, with the bot stopped. Refused
/// while a bot holds the database (`DatabaseLock`); the backup is checked before anything
/// changes, and the database it replaces is kept aside (`DatabaseRestore`).
struct RestoreCommand {
    let backup: String

    init(options: [String]) throws(ExitError) {
        let words = try CommandLineInterface.arguments(options, of: "restore", words: 1...1).words
        guard let backup = words.first else { throw CommandLineInterface.usageError("missing BACKUP", of: "restore") }
        self.backup = backup
    }

    func run() throws(ExitError) {
        let configuration = try loadConfiguration()
        let databasePath = configuration.databasePath
        let outcome: RestoreOutcome
        do {
            let lock = try DatabaseLock.acquire(databasePath: databasePath, purpose: "kopiyka restore")
            outcome = try withExtendedLifetime(lock) {
                try DatabaseRestore.restore(backup, over: databasePath, now: WallClock.system.now())
            }
        } catch {
            throw ExitError("restore refused: \(error); the database was not changed")
        }
        let summary = outcome.backup
        let taken = summary.takenAt.map { "taken \(BackupCommand.takenText($0))" } ?? "date unknown"
        print("restored \(backup) (\(taken)) to \(databasePath): \(summary.households) households, "
            + "\(summary.entries) entries, schema \(summary.schemaVersion)")
        if let previous = outcome.previous { print("the database it replaced is kept as \(previous)") }
        if !FileManager.default.fileExists(atPath: databasePath + ".key") {
            print("no key file \(databasePath).key: members who had connected Monobank connect it again with /monobank")
        }
    }
}
