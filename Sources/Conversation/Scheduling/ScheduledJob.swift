import Ledger

/// Work the clock makes due: a family's daily digest, last month's report, the next chunk of
/// a CSV export. The bot runs every job under `AttemptRule` (`BotCore.runJobs`), each in
/// transactions of its own, so one that keeps crashing or failing is given up alone after
/// three attempts while the others go on. A feature lists its jobs by a `JobSource` in
/// `Features.jobs`, and they run under the rule by construction: the job claims its period (or
/// its row) in the transaction that does the work, is attempted by `AttemptRule`, and is
/// finished by `giveUp` when it keeps failing.
public struct ScheduledJob {
    /// Names the job's attempts: its kind, the household or export, the day or month.
    public let key: AttemptKey
    /// Does the work, inside a transaction; finds it done already after a restart.
    public let perform: () throws -> Void
    /// Marks the job so it is not due again, and tells whoever waits for it.
    public let giveUp: () throws -> Void
}
