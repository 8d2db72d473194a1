import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import SQLite

/// What every command that talks to the family needs: settings, the ledger and the words.
struct App {
    let configuration: Configuration
    let log: Log
    let clock: WallClock

    init(configuration: Configuration, clock: WallClock = .system) {
        self.configuration = configuration
        self.log = Log(level: configuration.logLevel, secret: configuration.botToken)
        self.clock = clock
    }

    func openLedger() throws(ExitError) -> Ledger {
        let path = configuration.databasePath
        do {
            try Ledger.checkIntegrity(path: path)
            return try Ledger(path: path, clock: clock)
        } catch let error as SQLiteError {
            throw Self.exitError(error, path: path)
        } catch {
            throw ExitError("cannot open the database \(path): \(error)")
        }
    }

    /// SQLite's quick check of the database file, before anything writes to it; logs what it cost.
    func checkDatabase() throws(ExitError) {
        let path = configuration.databasePath
        let started = ContinuousClock.now
        do {
            try Ledger.checkIntegrity(path: path)
        } catch let error as SQLiteError {
            throw Self.exitError(error, path: path)
        } catch {
            throw ExitError("cannot check the database \(path): \(error)")
        }
        log(.info, "checked \(path) (SQLite quick_check) in \(ContinuousClock.now - started)")
    }

    /// A damaged file exits 78 (EX_CONFIG) like a wrong token: restarting cannot mend it, so
    /// systemd stops instead of looping (`RestartPreventExitStatus=78`). So does a file SQLite
    /// cannot read as a database at all (a zeroed first page looks like that) and one from a
    /// newer Kopiyka; a file that cannot be opened may be a mount not ready yet: 1, retried.
    static func exitError(_ error: SQLiteError, path: String) -> ExitError {
        let permanent: Bool
        switch error.reason {
        case .damaged, .notADatabase, .newerSchema: permanent = true
        default: permanent = false
        }
        return ExitError(explain(error, path: path), status: permanent ? 78 : 1)
    }

    func loadCatalog() throws(ExitError) -> Catalog {
        do {
            return try Catalog.load()
        } catch {
            throw ExitError("cannot load the message catalog: \(error)")
        }
    }

    /// An operator-facing sentence for each failure an operator can fix.
    static func explain(_ error: SQLiteError, path: String) -> String {
        switch error.reason {
        case .notADatabase:
            return "\(path) is not a Kopiyka database (SQLite: \(error.message)). "
                + "Point DATABASE_PATH at another file, or move this one away."
        case .damaged:
            return "\(path) is damaged (SQLite: \(error.message)). Stop here and keep a copy of the file; "
                + "restore a backup, or try `sqlite3 \(path) .recover` into a new file."
        case .diskFull:
            return "the disk holding \(path) is full. Free some space, then start Kopiyka again."
        case .locked:
            return "\(path) is locked by another process (is another kopiyka running?)."
        case .cannotOpen:
            return "cannot open \(path) (SQLite: \(error.message)). Check that the folder exists and is writable."
        case .newerSchema(let found, let supported):
            return "\(path) was written by a newer Kopiyka (schema \(found); this build knows up to "
                + "\(supported)). Run the newer build, or restore a backup."
        case .constraint, .other:
            return "the database \(path) failed: \(error.message)"
        }
    }
}

/// A failure that ends the program with a message and a non-zero status, never a trace.
struct ExitError: Error {
    let message: String
    let status: Int32

    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}
