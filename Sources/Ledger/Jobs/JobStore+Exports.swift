import FoundationEssentials
import KopiykaCore
import SQLite

/// A CSV export in progress: made in chunks, each committed with its cursor, so a large
/// export streams (its progress message is edited between chunks) and a restart resumes it.
public struct ExportJob: Equatable, Sendable {
    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public let chatID: Int64
    public let threadID: Int64?
    public let days: ClosedRange<LocalDate>
    public let progressOutboxID: Int64?
    public let rowsDone: Int
    public let rowsTotal: Int
}

extension JobStore {
    /// Starts an export of the household's entries within `days` that `viewer` may see (see
    /// `nextExportEntries`), with `header` as its first bytes.
    @discardableResult
    public func createExport(member: Member, chatID: Int64, threadID: Int64?, days: ClosedRange<LocalDate>,
                             progressOutboxID: Int64?, header: Data, shownTo viewer: Viewer) throws -> Int64 {
        try db.execute("""
            INSERT INTO export_jobs (household_id, member_id, chat_id, thread_id, first_day, last_day, progress_outbox_id,
                rows_total, csv) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [member.householdID, member.id, chatID, threadID, days.lowerBound.iso, days.upperBound.iso,
                             progressOutboxID, try entries.count(householdID: member.householdID, dates: days, shownTo: viewer),
                             SQLiteValue.blob(Array(header))])
        return db.lastInsertRowID
    }

    public func unfinishedExports() throws -> [ExportJob] {
        var jobs: [ExportJob] = []
        try db.query("""
            SELECT id, household_id, member_id, chat_id, thread_id, first_day, last_day, progress_outbox_id, rows_done, rows_total
            FROM export_jobs WHERE done = 0 ORDER BY id
            """) { row in
            guard let first = LocalDate(iso: row.string(5)), let last = LocalDate(iso: row.string(6)) else { return }
            jobs.append(ExportJob(id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), chatID: row.int64(3),
                                  threadID: row.optionalInt64(4), days: first...last, progressOutboxID: row.optionalInt64(7),
                                  rowsDone: row.int(8), rowsTotal: row.int(9)))
        }
        return jobs
    }

    /// The next entries of an export that `viewer` may see, in date order, after the job's
    /// cursor. The viewer is the one `createExport` counted for: the job's member in their
    /// private chat, the group otherwise.
    public func nextExportEntries(_ job: ExportJob, limit: Int, shownTo viewer: Viewer) throws -> [Entry] {
        guard let (lastDate, lastID) = try db.queryFirst(
            "SELECT last_date, last_entry_id FROM export_jobs WHERE id = ?", job.id, transform: { ($0.string(0), $0.int64(1)) })
        else { return [] }
        var result: [Entry] = []
        let visible = viewer.condition
        try db.query("""
            SELECT \(EntryStore.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND (e.local_date, e.id) > (?, ?) \(visible.sql)
            ORDER BY e.local_date, e.id LIMIT ?
            """, arguments: [job.householdID, job.days.lowerBound.iso, job.days.upperBound.iso, lastDate, lastID]
                + visible.arguments + [limit]) {
            result.append(EntryStore.entry($0))
        }
        return result
    }

    /// Stores a chunk's CSV as a row of its own and moves the cursor past its last entry:
    /// the cost of a chunk does not grow with the export.
    public func appendExport(_ job: ExportJob, csv: Data, through last: Entry, rows: Int) throws {
        try db.execute("INSERT INTO export_chunks (job_id, csv) VALUES (?, ?)", job.id, SQLiteValue.blob(Array(csv)))
        try db.execute("""
            UPDATE export_jobs SET last_date = ?, last_entry_id = ?, rows_done = rows_done + ? WHERE id = ?
            """, arguments: [last.date.iso, last.id, rows, job.id])
    }

    /// Marks an export done and hands over its bytes (no row keeps a copy).
    public func finishExport(_ job: ExportJob) throws -> Data {
        var bytes: [UInt8] = []
        try db.query("SELECT csv FROM export_jobs WHERE id = ?", job.id) { bytes = $0.blob(0) }
        try db.query("SELECT csv FROM export_chunks WHERE job_id = ? ORDER BY id", job.id) { bytes += $0.blob(0) }
        try db.execute("DELETE FROM export_chunks WHERE job_id = ?", job.id)
        try db.execute("UPDATE export_jobs SET done = 1, csv = x'' WHERE id = ?", job.id)
        return Data(bytes)
    }
}
