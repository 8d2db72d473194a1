extension ConversationHandler {
    /// Every feature's timed jobs, for the scheduler.
    public static var jobSources: [JobSource] { Features.jobs }

    /// What `source` has due now. Call it inside no transaction: each job runs in its own.
    public func dueJobs(_ source: JobSource) throws -> [ScheduledJob] {
        try source.due(context)
    }

    /// Runs the digests, monthly reports and recurring payments due now, without the attempt
    /// rule: for the console and tests.
    public func runSchedule() throws {
        for source in [ScheduleFeature.jobs, RecurringFeature.jobs, ArchiveFeature.jobs] {
            for job in try dueJobs(source) { try job.perform() }
        }
    }

    /// Makes one chunk of the oldest unfinished export, without the attempt rule (the console
    /// and tests); true while more work remains.
    public func runExportStep() throws -> Bool {
        try ExportsFeature(context).runExportStep()
    }
}
