import CSQLite

/// A failed SQLite call, with SQLite's own words and, for the cases an operator can fix, a
/// plain reason. Bound values are never included: they can hold what a user typed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        /// The file exists but is not an SQLite database (or is encrypted, or damaged).
        case notADatabase
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
        case SQLITE_NOTADB, SQLITE_CORRUPT: reason = .notADatabase
        case SQLITE_BUSY, SQLITE_LOCKED: reason = .locked
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: reason = .cannotOpen
        case SQLITE_CONSTRAINT: reason = .constraint
        default: reason = .other
        }
        self.init(reason: reason, code: code, message: message)
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
