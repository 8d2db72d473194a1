import SQLite

/// How far a statement's reading has come: the file's rows before `nextRow` are taken, and
/// the counts are what they brought, for the summary at the end.
public struct StatementProgress: Equatable, Sendable {
    public var nextRow = 0
    public var rows = 0
    public var recorded = 0
    public var linked = 0
    public var attention = 0
    public var transfers = 0
    public var known = 0

    public init() {}
}

extension StatementStore {
    /// The import's progress; a fresh one when its reading has not begun. One row by key.
    public func progress(_ importID: Int64) throws -> StatementProgress {
        try db.queryFirst("""
            SELECT next_row, rows, recorded, linked, attention, transfers, known FROM statement_progress WHERE import_id = ?
            """, importID) { row in
            var progress = StatementProgress()
            progress.nextRow = row.int(0)
            progress.rows = row.int(1)
            progress.recorded = row.int(2)
            progress.linked = row.int(3)
            progress.attention = row.int(4)
            progress.transfers = row.int(5)
            progress.known = row.int(6)
            return progress
        } ?? StatementProgress()
    }

    /// Keeps the import's progress, in the caller's transaction with the slice it counts.
    public func saveProgress(_ importID: Int64, _ progress: StatementProgress) throws {
        try db.execute("""
            INSERT OR REPLACE INTO statement_progress (import_id, next_row, rows, recorded, linked, attention, transfers, known)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [importID, progress.nextRow, progress.rows, progress.recorded, progress.linked, progress.attention,
                             progress.transfers, progress.known])
    }
}
