import FoundationEssentials
import KopiykaCore
import SQLite

/// What an attempt is at: a Telegram update, or one scheduled job (its kind, the household
/// or export it is for, and its day or month).
public struct AttemptKey: Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let subject: Int64
    public let period: String

    public init(kind: String, subject: Int64, period: String = "") {
        self.kind = kind
        self.subject = subject
        self.period = period
    }

    public static func update(_ updateID: Int64) -> AttemptKey { AttemptKey(kind: "update", subject: updateID) }

    /// `update 42`, `digest 3 2026-11-21`: what a log line names.
    public var description: String { period.isEmpty ? "\(kind) \(subject)" : "\(kind) \(subject) \(period)" }
}

extension BotStateStore {
    /// Counts one more attempt at each key, in a transaction of its own that commits before
    /// the work begins, so a process that dies in the work leaves the count behind. Returns
    /// each key's count, this attempt included.
    func recordAttempts(_ keys: [AttemptKey]) throws -> [Int] {
        guard !db.isInTransaction else { throw AttemptRule.Misuse.insideTransaction }
        guard !keys.isEmpty else { return [] }
        let now = Ledger.timestamp(clock.now())
        return try db.transaction {
            try keys.map { key in
                try db.queryFirst("""
                    INSERT INTO attempts (kind, subject, period, count, last_at) VALUES (?, ?, ?, 1, ?)
                    ON CONFLICT DO UPDATE SET count = count + 1, last_at = excluded.last_at
                    RETURNING count
                    """, key.kind, key.subject, key.period, now) { $0.int(0) } ?? 1
            }
        }
    }

    /// Counts one more attempt at each of `keys`, as `recordAttempts` does, for work that
    /// starts only when none was attempted before; one statement for a batch of updates.
    func recordAttempts(together keys: [AttemptKey]) throws {
        guard let batch = AttemptBatch(keys) else {
            _ = try recordAttempts(keys)
            return
        }
        guard !db.isInTransaction else { throw AttemptRule.Misuse.insideTransaction }
        let now = Ledger.timestamp(clock.now())
        try db.transaction {
            try db.execute("""
                INSERT INTO attempts (kind, subject, period, count, last_at)
                SELECT ?1, value, ?2, 1, ?3 FROM json_each(?4) WHERE true
                ON CONFLICT DO UPDATE SET count = count + 1, last_at = excluded.last_at
                """, batch.kind, batch.period, now, batch.subjects)
        }
    }

    /// Whether any of `keys` has attempts counted and not yet cleared.
    func anyAttempted(_ keys: [AttemptKey]) throws -> Bool {
        guard let batch = AttemptBatch(keys) else { return try keys.contains { try attemptCount($0) > 0 } }
        return try db.queryFirst("""
            SELECT EXISTS (SELECT 1 FROM attempts WHERE kind = ? AND period = ? AND subject IN (SELECT value FROM json_each(?)))
            """, batch.kind, batch.period, batch.subjects) { $0.bool(0) } ?? false
    }

    /// Attempts counted at `key` and not yet cleared: 0 for work never started or finished.
    public func attemptCount(_ key: AttemptKey) throws -> Int {
        try db.queryFirst("SELECT count FROM attempts WHERE kind = ? AND subject = ? AND period = ?",
                          key.kind, key.subject, key.period) { $0.int(0) } ?? 0
    }

    /// Called in the transaction that finishes (or gives up) the work.
    func clearAttempts(_ keys: [AttemptKey]) throws {
        if let batch = AttemptBatch(keys) {
            try db.execute("DELETE FROM attempts WHERE kind = ? AND period = ? AND subject IN (SELECT value FROM json_each(?))",
                           batch.kind, batch.period, batch.subjects)
            return
        }
        for key in keys {
            try db.execute("DELETE FROM attempts WHERE kind = ? AND subject = ? AND period = ?",
                           key.kind, key.subject, key.period)
        }
    }

    /// Forgets counts last touched before `date`: work that stopped being due after an
    /// attempt (a household gone, a group unlinked) would otherwise keep its row for good.
    public func pruneAttempts(before date: Date) throws {
        try db.execute("DELETE FROM attempts WHERE last_at < ?", Ledger.timestamp(date))
    }
}

/// Keys of one kind and period, more than one (a batch of updates): set statements count,
/// check and clear them at once, their subjects a JSON array for `json_each`.
struct AttemptBatch {
    let kind: String
    let period: String
    let subjects: String

    init?(_ keys: [AttemptKey]) {
        guard keys.count > 1, let first = keys.first,
              keys.allSatisfy({ $0.kind == first.kind && $0.period == first.period }) else { return nil }
        kind = first.kind
        period = first.period
        subjects = "[" + keys.map { String($0.subject) }.joined(separator: ",") + "]"
    }
}
