import CSQLite

/// A failed SQLite call, with SQLite's own words and, for the cases an operator can fix, a
/// plain reason. Bound values are never included: they can hold what a user typed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        /// The file exists but is not an SQLite database (or is encrypted).
        case notADatabase
        /// An SQLite database whose pages are damaged (SQLITE_CORRUPT, or `quick_check` found it).
        case damaged
        /// The disk (or the file's size limit) is full.
        case diskFull
        /// Another process holds a lock longer than the busy timeout.
        case locked
        /// The file or its folder cannot be opened or written.
        case cannotOpen
        /// The database was written by a newer Kopiyka.
        case newerSchema(found: Int, supported: Int)
        /// A constraint (foreign key, check, unique) rejected a write.
        case constraint
        case other
    }

    public let reason: Reason
    /// SQLite's extended result code.
    public let code: Int32
    public let message: String

    public init(reason: Reason, code: Int32, message: String) {
        self.reason = reason
        self.code = code
        self.message = message
    }

    init(code: Int32, db: OpaquePointer?) {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let reason: Reason
        switch code & 0xFF {
        case SQLITE_NOTADB: reason = .notADatabase
        case SQLITE_CORRUPT: reason = .damaged
        case SQLITE_FULL: reason = .diskFull
        case SQLITE_BUSY, SQLITE_LOCKED: reason = .locked
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: reason = .cannotOpen
        case SQLITE_CONSTRAINT: reason = .constraint
        default: reason = .other
        }
        self.init(reason: reason, code: code, message: message)
    }

    /// A failure that passes by itself: a full disk, an I/O error, a lock another process
    /// holds, memory. The same write succeeds later, so it is retried, never given up.
    public var isTransient: Bool {
        [SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM].contains(code & 0xFF)
    }

    /// True for an `SQLiteError` that `isTransient`.
    public static func isTransient(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isTransient == true
    }

    public var description: String {
        switch reason {
        case .newerSchema(let found, let supported):
            return "the database was written by a newer Kopiyka (schema \(found); this one knows up to \(supported))"
        default:
            return "SQLite error \(code): \(message)"
        }
    }
}
