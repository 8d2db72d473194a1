import FoundationEssentials
import KopiykaCore
import SQLite

/// Statement files on their way from a member's chat to bank facts.
public struct StatementImport: Equatable, Sendable {
    public enum State: String, Sendable {
        /// Waiting for the bot to download it from Telegram.
        case fetching
        /// Downloaded: its bytes wait for the job that reads them.
        case fetched
        /// Read into facts, its summary sent; its bytes are gone.
        case read
        /// Could not be fetched or read; `problem` says why, as a message key's last part.
        case failed
    }

    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public let chatID: Int64
    public let fileID: String
    public let fileName: String
    public let progressOutboxID: Int64?
    public let state: State
}

/// Statement imports and the bank facts they bring (`ledger.statements`).
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions.
public struct StatementStore {
    let db: Connection
    let clock: WallClock

    static let importColumns = "id, household_id, member_id, chat_id, file_id, file_name, progress_outbox_id, state"

    /// Records a file to fetch, answered meanwhile by the message `progressOutboxID`. An
    /// `isArchive` file is a family archive: fetched alike, read by the archives' job only.
    @discardableResult
    public func addImport(member: Member, chatID: Int64, fileID: String, fileName: String, progressOutboxID: Int64?,
                          isArchive: Bool = false) throws -> Int64 {
        try db.execute("""
            INSERT INTO statement_imports (household_id, member_id, chat_id, file_id, file_name, progress_outbox_id, state, created_at, kind)
            VALUES (?, ?, ?, ?, ?, ?, 'fetching', ?, ?)
            """, arguments: [member.householdID, member.id, chatID, fileID, fileName, progressOutboxID,
                             Ledger.timestamp(clock.now()), isArchive ? "archive" : "statement"])
        return db.lastInsertRowID
    }

    /// Statement imports (not archives) in `state`, oldest first. Reads no file bytes.
    public func imports(in state: StatementImport.State, limit: Int = 100) throws -> [StatementImport] {
        var result: [StatementImport] = []
        try db.query("SELECT \(Self.importColumns) FROM statement_imports WHERE state = ? AND kind = 'statement' ORDER BY id LIMIT ?",
                     state.rawValue, limit) { row in
            if let found = Self.statementImport(row) { result.append(found) }
        }
        return result
    }

    /// The oldest import in `state` of each household, oldest first: one family's pile of
    /// files never hides another family's from a reader that takes one per family at a time.
    /// Reads no file bytes; one pass over the imports in `state` (the index on state and id).
    public func oldestImportOfEachHousehold(in state: StatementImport.State, limit: Int = 100) throws -> [StatementImport] {
        var result: [StatementImport] = []
        try db.query("""
            SELECT \(Self.importColumns) FROM statement_imports
            WHERE id IN (SELECT MIN(id) FROM statement_imports WHERE state = ? GROUP BY household_id)
            ORDER BY id LIMIT ?
            """, state.rawValue, limit) { row in
            if let found = Self.statementImport(row) { result.append(found) }
        }
        return result
    }

    static func statementImport(_ row: Row) -> StatementImport? {
        guard let state = StatementImport.State(rawValue: row.string(7)) else { return nil }
        return StatementImport(id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), chatID: row.int64(3),
                               fileID: row.string(4), fileName: row.string(5), progressOutboxID: row.optionalInt64(6),
                               state: state)
    }

    /// Keeps a downloaded file's bytes until it is read. False when the import is no longer
    /// waiting for them (a restart fetched it twice).
    @discardableResult
    public func storeFetched(_ importID: Int64, data: [UInt8]) throws -> Bool {
        try db.execute("UPDATE statement_imports SET state = 'fetched', data = ? WHERE id = ? AND state = 'fetching'",
                       arguments: [SQLiteValue.blob(data), importID]) == 1
    }

    /// A fetched file's bytes; nil when it holds none (read already, or failed).
    public func fetchedData(_ importID: Int64) throws -> [UInt8]? {
        try db.queryFirst("SELECT data FROM statement_imports WHERE id = ? AND state = 'fetched'", importID) { $0.blob(0) }
    }

    /// Ends an import: read, or failed with a problem; either way its bytes and its progress
    /// go. `rows` is what reading it cost, counted against its member's day.
    public func finishImport(_ importID: Int64, problem: String? = nil, rows: Int = 0) throws {
        try db.execute("UPDATE statement_imports SET state = ?, problem = ?, data = NULL, rows = ? WHERE id = ?",
                       arguments: [problem == nil ? "read" : "failed", problem, rows, importID])
        try db.execute("DELETE FROM statement_progress WHERE import_id = ?", arguments: [importID])
    }

    /// The rows of the files `memberID` sent since `since`, read or refused. Reads the
    /// member's imports of that time only (`statement_imports_by_member`).
    public func rowsRead(memberID: Int64, since: Date) throws -> Int {
        try db.queryFirst("SELECT coalesce(sum(rows), 0) FROM statement_imports WHERE member_id = ? AND created_at >= ?",
                          memberID, Ledger.timestamp(since)) { Int($0.int64(0)) } ?? 0
    }
}
