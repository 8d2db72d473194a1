import FoundationEssentials
import KopiykaCore
import SQLite

/// The family ledger on SQLite: households, members, their accounts and entries.
///
/// One `Ledger` owns one connection and is used by one owner at a time (the bot's serial
/// update loop, the console, or a test), which is why it is not `Sendable`. Every public
/// write is one transaction; callers that must make several writes atomic — an update's
/// effects together with the Telegram offset — wrap them in `transaction(_:)`, and the inner
/// transactions become savepoints.
public final class Ledger {
    let db: Connection
    let clock: WallClock

    /// Opens the database at `path`, creating it and applying migrations as needed. The file,
    /// and with it the `-wal` and `-shm` files SQLite makes in its mode, is readable and
    /// writable by its owner only, whatever the umask; a file from before is made so.
    ///
    /// Throws `SQLiteError` with `.notADatabase`, `.locked`, `.cannotOpen` or `.newerSchema`
    /// for the cases an operator can act on.
    public init(path: String, clock: WallClock = .system) throws {
        if path != ":memory:" && !path.isEmpty {
            PrivateFile.restrict(path, create: true)
            for suffix in ["-wal", "-shm", "-journal"] { PrivateFile.restrict(path + suffix, create: false) }
        }
        db = try Connection(path: path)
        self.clock = clock
        try Schema.migrator.migrate(db, now: Self.timestamp(clock.now()))
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.migrator.latestVersion }

    /// Runs `body` atomically with every ledger write inside it.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try db.transaction(body)
    }

    /// Rows stepped through by full table scans so far, per statement (see `Connection`).
    public var fullScanSteps: [String: Int] { db.fullScanSteps }

    /// Pages written so far (see `Connection.pagesWritten`).
    public var pagesWritten: Int { db.pagesWritten }

    static func timestamp(_ instant: Date) -> String {
        instant.formatted(.iso8601)
    }

    static func date(fromTimestamp text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }
}
