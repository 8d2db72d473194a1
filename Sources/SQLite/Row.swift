import CSQLite

/// The current row of a stepping statement. Valid only inside the closure it is passed to:
/// its text is read straight from SQLite's buffers.
public struct Row {
    let statement: OpaquePointer

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }

    public func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    public func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }
}
