import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import TelegramClient

extension BotCore {
    /// Why 30 days: a count outlives its work only when the work stopped being due (a group
    /// unlinked mid-digest); nothing is due that long.
    static let attemptRetention: TimeInterval = 30 * 24 * 3600

    /// Runs every job `source` has due now, each under the attempt rule in transactions of its
    /// own: one that keeps crashing or failing is given up alone (one error line), the others
    /// go on. Returns how many ended (done or given up). Throws only a transient failure (a
    /// full disk, a lock), after which the scheduler waits and comes back. Counts older than
    /// `attemptRetention` go at most once an hour.
    public func runJobs(_ source: JobSource) throws -> Int {
        if lastAttemptPruning.map({ clock.now().timeIntervalSince($0) >= 3600 }) ?? true {
            try ledger.botState.pruneAttempts(before: clock.now().addingTimeInterval(-Self.attemptRetention))
            lastAttemptPruning = clock.now()
        }
        let jobs = try conversation.dueJobs(source)
        var ended = 0
        for job in jobs {
            do {
                let outcome = try attempts.run(job.key, giveUp: { _ in try job.giveUp() }) {
                    try faults.check(job.key)
                    try job.perform()
                }
                ended += 1
                if case .givenUp(let count) = outcome {
                    log.error("gave up \(job.key) after \(count) attempts (each crashed or failed); the other jobs go on")
                }
            } catch where AttemptRule.isTransient(error) {
                throw error
            } catch {
                log.warning("\(job.key) failed (\(error)); it is tried again later")
            }
        }
        if !jobs.isEmpty { doorbell.ring() }
        return ended
    }
}
