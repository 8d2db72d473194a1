import SQLite

/// Crash containment: a bad update or job costs itself, never the bot.
///
/// Before the work starts, its attempt is counted in a transaction of its own that commits
/// first; the work then runs in another transaction, which also clears the count. A process
/// that dies in the work (a trap, a kill) leaves the count behind, and so does work that
/// throws. A key already attempted `limit` times is not run again: `giveUp` runs instead,
/// in the transaction that clears the count (the caller moves the offset past the update,
/// or marks the job done, and says so).
///
/// A transient failure (`SQLiteError.isTransient`: a full disk, a lock) is not counted: the
/// next try in this process reuses the attempt it ended, so waiting out a full disk never
/// gives anything up. A process that dies while such a failure lasts counts that one attempt.
///
/// Cost: one small write transaction before the work (a batch of updates shares one).
public final class AttemptRule {
    /// Why 3: a bug that traps reproduces every time, so a third death proves nothing new;
    /// a fluke (a kill from outside, an OOM) rarely strikes the same work twice.
    public static let limit = 3

    public enum Outcome<Value> {
        case done(Value)
        case givenUp(attempts: Int)
    }

    enum Misuse: Error {
        /// Counting inside a caller's transaction would roll the count back with the work.
        case insideTransaction
    }

    let ledger: Ledger
    /// Keys whose counted attempt ended in a transient failure: the next try reuses it.
    private var reusable: Set<AttemptKey> = []

    public init(ledger: Ledger) { self.ledger = ledger }

    /// A failure that passes by itself (a full disk, a lock): retried, never counted.
    public static func isTransient(_ error: any Error) -> Bool { SQLiteError.isTransient(error) }

    /// Runs `work` for `key` under the rule. `giveUp` gets the number of attempts made; it
    /// runs once more (with a higher number) if the process dies in it.
    public func run<T>(_ key: AttemptKey, giveUp: (_ attempts: Int) throws -> Void,
                       work: () throws -> T) throws -> Outcome<T> {
        let count = try begin(key)
        if count > Self.limit {
            try finish([key]) { try giveUp(count - 1) }
            return .givenUp(attempts: count - 1)
        }
        return .done(try finish([key], work))
    }

    /// Runs `work` for all of `keys` in one transaction, counting one attempt at each, when
    /// none of them was attempted before; false (nothing done) when one was: after a death in
    /// a batch, its updates go one at a time, so the bad one is found and the others pass.
    public func runTogether(_ keys: [AttemptKey], work: () throws -> Void) throws -> Bool {
        let fresh = keys.filter { !reusable.contains($0) }
        if try ledger.botState.anyAttempted(fresh) { return false }
        try ledger.botState.recordAttempts(together: fresh)
        reusable.subtract(keys)
        try finish(keys, work)
        return true
    }

    /// For work done outside any transaction, on another thread (a statement file parsed
    /// apart): counts an attempt at `key` now, committed, and returns the count, this one
    /// included; past `limit` the caller gives the work up. `clear` ends it when it is done.
    public func count(_ key: AttemptKey) throws -> Int { try begin(key) }

    /// Clears `key`'s count in a transaction of its own: its work ended.
    public func clear(_ key: AttemptKey) throws {
        try ledger.transaction { try ledger.botState.clearAttempts([key]) }
    }

    private func begin(_ key: AttemptKey) throws -> Int {
        if reusable.remove(key) != nil {
            do {
                let count = try ledger.botState.attemptCount(key)
                if count > 0 { return count }
            } catch {
                reusable.insert(key)
                throw error
            }
        }
        return try ledger.botState.recordAttempts([key])[0]
    }

    private func finish<T>(_ keys: [AttemptKey], _ body: () throws -> T) throws -> T {
        do {
            return try ledger.transaction {
                let value = try body()
                try ledger.botState.clearAttempts(keys)
                return value
            }
        } catch {
            if SQLiteError.isTransient(error) { reusable.formUnion(keys) }
            throw error
        }
    }
}
