import Conversation
import TelegramClient

extension BotRunner {
    /// The bot's one loop for timed work: every feature's `JobSource` (the digest and the
    /// monthly report, export chunks) is looked at on its own interval, shortened to
    /// `scheduleInterval` in tests, and what it has due runs under the attempt rule
    /// (`BotCore.runJobs`). A source that keeps failing waits longer (`SchedulerState`); the
    /// others go on. Time comes from `configuration.clock`, so tests never wait on the real one.
    func runScheduler() async {
        let sources = ConversationHandler.jobSources
        let clock = configuration.clock
        var state = SchedulerState(intervals: sources.map { min($0.every, configuration.scheduleInterval) }, start: clock.now())
        while !Task.isCancelled {
            for index in state.due(at: clock.now()) {
                let source = sources[index]
                do {
                    // A source that drains (an export's chunks) is asked again while its jobs end.
                    while try await core.runJobs(source) > 0, source.drains, !Task.isCancelled {}
                    state.succeeded(index, at: clock.now())
                } catch {
                    let failures = state.failed(index, at: clock.now())
                    if Self.worthLogging(failures) { log.warning("\(source.name) waits (\(failures) tries so far): \(error)") }
                }
            }
            do { try await clock.sleeper.sleep(for: state.untilNext(from: clock.now())) } catch { return }
        }
    }

    /// The 1st, 2nd, 4th, 8th… failure in a row: an outage of an hour writes a few lines.
    static func worthLogging(_ failures: Int) -> Bool { failures > 0 && failures & (failures - 1) == 0 }
}
