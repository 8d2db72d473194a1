import FoundationEssentials

/// A token bucket per member for the commands that cost real work: a report, a budget, an
/// export, a chart, a statement file. A value with its transitions (`admit`), tested without
/// any chat; the clock is the caller's.
///
/// Why 20 and one per 3 s: a member who reads `/report`, `/budget` and `/savings` in a row,
/// tries a few months and exports one, never meets it; 100 `/report` in one second (2 s of
/// the bot's CPU, which every family waits on) cost 20 answers, then one every 3 s.
struct CommandThrottle {
    enum Verdict: Equatable {
        /// Run the command.
        case allowed
        /// The first one over the limit: answer it kindly, once.
        case refused
        /// Further ones while the bucket is empty: no answer at all, which is the point.
        case dropped
    }

    /// The commands that read a month or more of the ledger, draw, or write a file; a
    /// statement file is admitted the same way (`ArchiveFeature.fileClaim`, `StatementsFeature.fileClaim`).
    static let commands: Set<String> = ["report", "budget", "health", "savings", "balance", "subscriptions", "recurring", "export",
                                        "review", "history", "week"]

    static let burst = 20.0
    static let secondsPerCommand = 3.0
    /// Members remembered at most; beyond it, buckets that have refilled are forgotten (they
    /// would read as full anyway).
    static let remembered = 10_000

    struct Bucket {
        var tokens: Double
        var at: Date
        var warned: Bool
    }

    private(set) var buckets: [Int64: Bucket] = [:]

    /// Whether `memberID` may run an expensive command at `now`. Cost: O(1), and O(members)
    /// once in `remembered` calls to forget the idle ones.
    mutating func admit(memberID: Int64, at now: Date) -> Verdict {
        var bucket = buckets[memberID] ?? Bucket(tokens: Self.burst, at: now, warned: false)
        // A clock set back refills nothing and takes nothing.
        let elapsed = max(0, now.timeIntervalSince(bucket.at))
        bucket.tokens = min(Self.burst, bucket.tokens + elapsed / Self.secondsPerCommand)
        bucket.at = now
        let verdict: Verdict
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            bucket.warned = false
            verdict = .allowed
        } else {
            verdict = bucket.warned ? .dropped : .refused
            bucket.warned = true
        }
        buckets[memberID] = bucket
        if buckets.count > Self.remembered { forgetIdle(at: now) }
        return verdict
    }

    private mutating func forgetIdle(at now: Date) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) / Self.secondsPerCommand < Self.burst
        }
    }
}

/// The handler's one `CommandThrottle`, shared by the context of every event it handles.
/// Not thread-safe: the handler's events come one at a time.
final class MemberThrottle {
    private var throttle = CommandThrottle()

    func admit(memberID: Int64, at now: Date) -> CommandThrottle.Verdict {
        throttle.admit(memberID: memberID, at: now)
    }
}
