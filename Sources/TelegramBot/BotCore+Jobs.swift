import Conversation
import FoundationEssentials
import Ledger

extension BotCore {
    /// The scheduled work a loop of `BotRunner` runs.
    public enum JobList: Sendable {
        /// Daily digests and monthly reports.
        case schedule
        /// The next chunk of a CSV export.
        case exports
    }

    /// Why 30 days: a count outlives its work only when the work stopped being due (a group
    /// unlinked mid-digest); nothing is due that long.
    static let attemptRetention: TimeInterval = 30 * 24 * 3600

    /// Runs every job `list` names now, each under the attempt rule in transactions of its
    /// own: one that keeps crashing or failing is given up alone (one error line), the others
    /// go on. Returns how many ended (done or given up). Throws only a transient failure (a
    /// full disk, a lock), after which the loop waits and comes back.
    public func runJobs(_ list: JobList) throws -> Int {
        let jobs: [ScheduledJob]
        switch list {
        case .schedule:
            try ledger.botState.pruneAttempts(before: clock.now().addingTimeInterval(-Self.attemptRetention))
            jobs = try conversation.scheduledJobs()
        case .exports:
            jobs = try conversation.exportJobs()
        }
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
