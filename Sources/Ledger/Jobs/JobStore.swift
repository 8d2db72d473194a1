import KopiykaCore
import SQLite

/// Work that runs later or in parts: CSV export jobs with their chunks, and the claims that
/// make each scheduled post (the digest, the monthly report) go out once.
///
/// A value over the ledger's connection (`ledger.jobs`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct JobStore {
    let db: Connection
    /// Handed to the entry store that counts an export's rows.
    let clock: WallClock

    /// The entries an export counts and reads: the one other store this one calls.
    var entries: EntryStore { EntryStore(db: db, clock: clock) }
}

extension JobStore {
    /// Claims a scheduled post (`digest` for `2026-11-21`, `monthly` for `2026-10`) for a
    /// household. True only the first time, in the transaction that queues the post.
    public func claimSchedule(_ kind: String, period: String, householdID: Int64) throws -> Bool {
        try db.execute("INSERT INTO schedule_marks (household_id, kind, period) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       householdID, kind, period) == 1
    }

    /// Whether `claimSchedule` took this period already: the schedule lists only what is due.
    public func isScheduleClaimed(_ kind: String, period: String, householdID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM schedule_marks WHERE household_id = ? AND kind = ? AND period = ?",
                          householdID, kind, period) { _ in true } ?? false
    }
}
