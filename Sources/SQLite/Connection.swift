import CSQLite

/// One SQLite connection, set up the way a long-running bot needs it.
///
/// Not thread-safe by design: one owner (the bot's serial loop, or a test) uses it. Statements
/// are prepared once per SQL text and kept (`SQLITE_PREPARE_PERSISTENT`), so the hot path
/// never re-parses SQL. Only prepared statements with bound parameters reach SQLite: there is
/// no API that splices a value into SQL text.
public final class Connection {
    let db: OpaquePointer
    private var statements: [StatementKey: OpaquePointer] = [:]
    /// Set when SQLite rolled a whole transaction back under a savepoint whose failure the
    /// caller then caught: every statement until the outermost call ends is refused, so the
    /// rest of the body cannot commit piecemeal in autocommit mode.
    var transactionLost = false
    /// Reads answered from memory until what they read changes (`remembered`).
    var rememberedReads = RememberedReads()
    /// Whom to tell that the WAL wants a checkpoint, once they were handed over.
    var checkpointsDue: CheckpointsDue?

    /// Opens (creating if needed) the database at `path`, then insists on WAL mode (checked,
    /// not assumed — on some file systems SQLite silently keeps the old mode), foreign keys,
    /// `synchronous=NORMAL` (durable across process crashes; WAL makes it safe), a 1 MB page
    /// cache, and a busy timeout so a second process waits instead of failing at once.
    /// `creating`: false to refuse a path where no database is (SQLITE_CANTOPEN). `journal`:
    /// `.rollback` for a file that must stand alone (a backup), `.readOnly` to only read one
    /// (its journal mode left as it is; nothing can be written through it).
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000, creating: Bool = true,
                journal: Journal = .wal) throws(SQLiteError) {
        _ = Self.globalSettings
        var handle: OpaquePointer?
        let access = journal == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let error = SQLiteError(code: rc, db: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        db = handle
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        do throws(SQLiteError) {
            if journal != .readOnly {
                let wanted = journal == .wal ? "wal" : "delete"
                let mode = try pragma("journal_mode = \(wanted)")
                if path != ":memory:" && mode?.lowercased() != wanted {
                    throw SQLiteError(reason: .other, code: SQLITE_ERROR,
                                      message: "could not switch to \(wanted) journal mode (got \(mode ?? "nothing"))")
                }
            }
            _ = try pragma("foreign_keys = ON")
            guard try pragma("foreign_keys") == "1" else {
                throw SQLiteError(reason: .other, code: SQLITE_ERROR, message: "foreign keys are not supported")
            }
            _ = try pragma("synchronous = NORMAL")
            // Why 1 MB, not SQLite's 2 MB: the bot's hot pages fit (the outbox's tail, and for
            // each family its month totals and the ends of five entry indexes). With 50
            // families (telegram-bench) they did not fit in 512 KB: the bot read 14 KB from
            // the file system a message, 7.5 times what it reads at 1 MB, which costs it
            // 0.3–0.4 MB more at its peak. 2 MB read no less and peaked 0.8 MB higher again.
            _ = try pragma("cache_size = -1024")
        } catch {
            close()
            throw error
        }
        watchRowChanges()
    }

    /// How a connection journals its writes.
    public enum Journal: Sendable {
        /// Write-ahead log: the bot's file, read while it is written.
        case wal
        /// Rollback journal: a file that stands alone, with no `-wal` or `-shm` beside it.
        case rollback
        /// Opened read-only; the file's journal mode is left as it is.
        case readOnly
    }

    deinit { close() }

    /// Set once, before the first connection opens (SQLite takes global settings only then);
    /// false if SQLite was already started.
    ///
    /// Savepoint journals stay in memory, never spilled to a temporary file. At SQLite's
    /// 64 KB spill nearly every update's journal (the first version of each of the ~20 pages
    /// its savepoint changes) went to a file, two writes a page: five times the pages written
    /// to the WAL under telegram-bench. A journal holds only pages that existed before its
    /// savepoint, once each: a 10,000-row statement import peaked 0.8 MB higher. A finite
    /// spill above 64 KB is not an option: SQLite 3.40 then fails with SQLITE_FULL when a
    /// journal outgrows it (MessageTextStorageTests).
    ///
    /// No memory statistics: SQLite otherwise takes a global mutex on each of its ~300
    /// allocations per message to count them, for figures the bot never reads.
    static let globalSettings = kopiyka_sqlite3_config_statement_journal_spill(-1) == SQLITE_OK
        && kopiyka_sqlite3_config_memory_statistics(0) == SQLITE_OK

    private var isClosed = false

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        stopWatchingRowChanges()
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(db)
    }

    /// Runs a pragma and returns the first column of its first row.
    @discardableResult
    public func pragma(_ pragma: String) throws(SQLiteError) -> String? {
        var result: String?
        try query("PRAGMA " + pragma) { row in
            if result == nil { result = row.optionalString(0) }
        }
        return result
    }

    /// Runs SQL that takes no parameters and may hold several statements: migrations.
    public func executeScript(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        forgetRemembered(schemaToo: true)  // A script may change the schema, or roll back.
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(code: rc, db: nil).with(message: text)
        }
    }

    /// Runs one statement for its effect; returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: any SQLiteBindable...) throws(SQLiteError) -> Int {
        try execute(sql, arguments: arguments)
    }

    @discardableResult
    public func execute(_ sql: String, arguments: [any SQLiteBindable]) throws(SQLiteError) -> Int {
        try query(sql, arguments: arguments) { _ in }
        return Int(sqlite3_changes(db))
    }

    /// Runs one statement and calls `row` for each result row.
    public func query(
        _ sql: String, _ arguments: any SQLiteBindable..., row: (Row) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        try query(sql, arguments: arguments, row: row)
    }

    public func query(
        _ sql: String, arguments: [any SQLiteBindable], row: (Row) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        if transactionLost { throw SQLiteError.transactionLost }
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(arguments, to: statement)
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_ROW {
                try row(Row(statement: statement))
            } else if rc == SQLITE_DONE {
                return
            } else {
                throw SQLiteError(code: rc, db: db)
            }
        }
    }

    /// The first row mapped by `transform`, or nil when there is none.
    public func queryFirst<T>(
        _ sql: String, _ arguments: any SQLiteBindable..., transform: (Row) -> T
    ) throws(SQLiteError) -> T? {
        var result: T?
        try query(sql, arguments: arguments) { row in
            if result == nil { result = transform(row) }
        }
        return result
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }

    /// Rows stepped through by full table scans so far, per cached statement's SQL. Tests use
    /// the difference around an operation to prove it is served by indexes, and name the
    /// statement when it is not.
    public var fullScanSteps: [String: Int] {
        Dictionary(uniqueKeysWithValues: statements.map { ($0.key.sql, Int(sqlite3_stmt_status($0.value, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0))) })
            .filter { $0.value > 0 }
    }

    /// Steps of SQLite's virtual machine so far, per cached statement's SQL: what a read costs
    /// whether it scans a table or an index. Tests use the difference around an operation to
    /// prove its cost does not grow with rows it has no business reading.
    public var virtualMachineSteps: [String: Int] {
        Dictionary(uniqueKeysWithValues: statements.map { ($0.key.sql, Int(sqlite3_stmt_status($0.value, SQLITE_STMTSTATUS_VM_STEP, 0))) })
            .filter { $0.value > 0 }
    }

    /// Pages this connection has written to the database file or its WAL so far: what a
    /// write cost, for tests that prove a cost does not grow.
    public var pagesWritten: Int {
        var current: Int32 = 0, highest: Int32 = 0
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highest, 0)
        return Int(current)
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        let key = StatementKey(sql: sql)
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw SQLiteError(code: rc, db: db) }
        statements[key] = statement
        return statement
    }

    private func bind(_ arguments: [any SQLiteBindable], to statement: OpaquePointer) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == arguments.count else {
            throw SQLiteError(reason: .other, code: SQLITE_RANGE,
                              message: "statement takes \(expected) arguments, got \(arguments.count)")
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch argument.sqliteValue {
            case .null: rc = sqlite3_bind_null(statement, index)
            case .integer(let value): rc = sqlite3_bind_int64(statement, index, value)
            case .real(let value): rc = sqlite3_bind_double(statement, index, value)
            case .text(let value): rc = Self.bind(value, at: index, to: statement)
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
                }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(code: rc, db: db) }
        }
    }
}

extension Connection {
    /// Binds the text's own UTF-8, up to its first NUL byte. A `String` passed as a C string
    /// is copied into an array first (an allocation per text: 14 a typed entry).
    ///
    /// Why a NUL ends it, as it ended the C string: SQLite's text functions stop there too
    /// (`length`, `LIKE`, and `json_extract`, which brings a deleted entry back). Stored whole,
    /// a note with a NUL would come back shorter from an undo than it went in.
    private static func bind(_ text: String, at index: Int32, to statement: OpaquePointer) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.firstIndex(of: 0) ?? bytes.count
            // An empty buffer may have no address, and a null pointer would bind NULL.
            guard let start = bytes.baseAddress, count > 0 else {
                return sqlite3_bind_text(statement, index, "", 0, SQLITE_TRANSIENT)
            }
            return sqlite3_bind_text64(statement, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                       UInt64(count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
        }
    }
}

/// SQLite's "copy this buffer now" destructor, which Swift cannot import as a constant.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension SQLiteError {
    func with(message: String) -> SQLiteError {
        SQLiteError(reason: reason, code: code, message: message)
    }
}
