extension ConversationHandler {
    /// Every feature's timed jobs, for the scheduler.
    public static var jobSources: [JobSource] { Features.jobs }

    /// What `source` has due now. Call it inside no transaction: each job runs in its own.
    public func dueJobs(_ source: JobSource) throws -> [ScheduledJob] {
        try source.due(context)
    }

    /// Runs the digests and monthly reports due now, without the attempt rule: for the console
    /// and tests.
    public func runSchedule() throws {
        for job in try dueJobs(ScheduleFeature.jobs) { try job.perform() }
    }

    /// Makes one chunk of the oldest unfinished export, without the attempt rule (the console
    /// and tests); true while more work remains.
    public func runExportStep() throws -> Bool {
        try ExportsFeature(context).runExportStep()
    }
}
