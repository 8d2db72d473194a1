extension BotRunner {
    /// Runs the digests and monthly reports that are due, every `scheduleInterval`. A job
    /// that fails is tried again at the next check, and given up after three (`BotCore.runJobs`).
    func runSchedule() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                _ = try await core.runJobs(.schedule)
                failures = 0
            } catch {
                failures += 1
                if Self.worthLogging(failures) { log.warning("the schedule waits (\(failures) tries so far): \(error)") }
            }
            do { try await configuration.sleeper.sleep(for: configuration.scheduleInterval) } catch { return }
        }
    }

    /// Makes CSV exports chunk by chunk, each chunk its own transaction, so the progress
    /// message is edited while a large export runs; looks for new ones every second, and
    /// backs off to 30 s while the database fails (a full disk, a lock).
    func runExports() async {
        let every = min(.seconds(1), configuration.scheduleInterval)
        var failures = 0
        while !Task.isCancelled {
            var delay = every
            do {
                while !Task.isCancelled, try await core.runJobs(.exports) > 0 {}
                failures = 0
            } catch {
                failures += 1
                delay = min(every * (1 << min(failures, 5)), .seconds(30))
                if Self.worthLogging(failures) { log.warning("exports wait (\(failures) tries so far): \(error)") }
            }
            do { try await configuration.sleeper.sleep(for: delay) } catch { return }
        }
    }

    /// The 1st, 2nd, 4th, 8th… failure in a row: an outage of an hour writes a few lines.
    static func worthLogging(_ failures: Int) -> Bool { failures > 0 && failures & (failures - 1) == 0 }
}
