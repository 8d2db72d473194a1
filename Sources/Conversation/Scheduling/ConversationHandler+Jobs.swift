extension ConversationHandler {
    /// Every feature's timed jobs, for the scheduler.
    public static var jobSources: [JobSource] { Features.jobs }

    /// What `source` has due now. Call it inside no transaction: each job runs in its own.
    public func dueJobs(_ source: JobSource) throws -> [ScheduledJob] {
        try source.due(context)
    }

    /// Runs the digests, monthly reports, recurring payments and archives due now, without
    /// the attempt rule: for the console and tests. A source that drains (an archive's slices)
    /// is asked again while it has work, as the bot's scheduler does.
    public func runSchedule() throws {
        for source in [ScheduleFeature.jobs, RecurringFeature.jobs, ArchiveFeature.jobs] {
            var jobs = try dueJobs(source)
            while !jobs.isEmpty {
                for job in jobs { try job.perform() }
                jobs = source.drains ? try dueJobs(source) : []
            }
        }
    }

    /// Makes one chunk of the oldest unfinished export, without the attempt rule (the console
    /// and tests); true while more work remains.
    public func runExportStep() throws -> Bool {
        try ExportsFeature(context).runExportStep()
    }
}
