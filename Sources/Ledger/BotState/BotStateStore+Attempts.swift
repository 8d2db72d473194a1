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

    /// Attempts counted at `key` and not yet cleared: 0 for work never started or finished.
    public func attemptCount(_ key: AttemptKey) throws -> Int {
        try db.queryFirst("SELECT count FROM attempts WHERE kind = ? AND subject = ? AND period = ?",
                          key.kind, key.subject, key.period) { $0.int(0) } ?? 0
    }

    /// Called in the transaction that finishes (or gives up) the work.
    func clearAttempts(_ keys: [AttemptKey]) throws {
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
