import FoundationEssentials
import KopiykaCore
import SQLite

/// The family ledger's database on SQLite: it opens the file, migrates it, runs transactions
/// and vends the stores that read and write its tables.
///
/// One `Ledger` owns one connection and is used by one owner at a time (the bot's serial
/// update loop, the console, or a test), which is why neither it nor its stores are
/// `Sendable`. Every public store write is one transaction; callers that must make several
/// writes atomic — an update's effects together with the Telegram offset — wrap them in
/// `transaction(_:)`, and the inner transactions become savepoints.
public final class Ledger {
    let db: Connection
    let clock: WallClock

    /// Entries and what is derived from them: corrections, views, totals, budgets, rates.
    public let entries: EntryStore
    /// Households, members, invitations, the family chat and its posts.
    public let families: FamilyStore
    /// Messages queued for Telegram, and the chats they may go to.
    public let outbox: OutboxStore
    /// The Telegram offset and the attempt counts of updates and jobs.
    public let botState: BotStateStore
    /// Export jobs and schedule claims.
    public let jobs: JobStore
    /// Members' accounts, their balances and the transfers between them.
    public let accounts: AccountStore
    /// Statement files members send, and the bank facts they bring.
    public let statements: StatementStore
    /// Members' Monobank tokens (sealed) and the accounts they follow.
    public let monobank: MonobankStore
    /// The NBU's official exchange rates, by day.
    public let officialRates: OfficialRateStore
    /// Payments that come back, and what the bot did about each occurrence.
    public let recurring: RecurringStore
    /// Family archives: a household's books read out, an archive's taken in, weekly sealed copies.
    public let archives: ArchiveStore

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
        entries = EntryStore(db: db, clock: clock)
        families = FamilyStore(db: db, clock: clock)
        outbox = OutboxStore(db: db, clock: clock)
        botState = BotStateStore(db: db, clock: clock)
        jobs = JobStore(db: db, clock: clock)
        accounts = AccountStore(db: db, clock: clock)
        statements = StatementStore(db: db, clock: clock)
        let seal = TokenSeal(databasePath: path)
        monobank = MonobankStore(db: db, clock: clock, seal: seal)
        officialRates = OfficialRateStore(db: db, clock: clock)
        recurring = RecurringStore(db: db, clock: clock)
        archives = ArchiveStore(db: db, clock: clock, seal: seal)
        try Schema.migrator.migrate(db, now: Self.timestamp(clock.now()))
        try recurring.fillServiceKinds()
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.migrator.latestVersion }

    /// Runs `body` atomically with every ledger write inside it.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try db.transaction(body)
    }

    /// Runs `body` in the caller's transaction, or in one of its own without a caller; see
    /// `Connection.joiningTransaction`: only for work whose error always ends the caller's
    /// transaction too.
    public func joiningTransaction<T>(_ body: () throws -> T) throws -> T {
        try db.joiningTransaction(body)
    }

    /// Runs `body` as one savepoint. A write that the month totals' guard refused (a total
    /// past `Int64`, see `Schema.totalsGuard`) comes out as `MoneyOverflow`, with nothing of
    /// `body` kept; other errors pass through as they are.
    public func refusingOverflow<T>(_ body: () throws -> T) throws -> T {
        try db.refusingOverflow(body)
    }

    /// Rows stepped through by full table scans so far, per statement (see `Connection`).
    public var fullScanSteps: [String: Int] { db.fullScanSteps }

    /// SQLite's steps so far, per statement (see `Connection`).
    public var virtualMachineSteps: [String: Int] { db.virtualMachineSteps }

    /// Pages written so far (see `Connection.pagesWritten`).
    public var pagesWritten: Int { db.pagesWritten }

    static func timestamp(_ instant: Date) -> String { Timestamp.text(instant) }

    static func date(fromTimestamp text: String) -> Date {
        Timestamp.date(text) ?? Date(timeIntervalSince1970: 0)
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}

extension Connection {
    /// `Ledger.refusingOverflow`, for the stores' own writes that may push a total too far.
    func refusingOverflow<T>(_ body: () throws -> T) throws -> T {
        do {
            return try transaction(body)
        } catch let error as SQLiteError where error.message.contains(Schema.totalOverflowMessage) {
            throw MoneyOverflow()
        }
    }
}
