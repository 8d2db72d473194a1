/// How long `body` took, less the time this process's tasks could not get a thread meanwhile.
/// A probe sleeps 20 ms at a time; a pause that came back over 200 ms late counts as
/// starvation: Swift Testing queues every suite's work on the two-core pool, and a task resumed
/// on time can wait there for most of a minute (CI saw it). For bounds on how promptly
/// something reacts; a missed reaction still shows, as the time of whatever it waited for.
public func awakeTime(of body: () async throws -> Void) async rethrows -> Duration {
    let probe = Task {
        var starved = Duration.zero
        while !Task.isCancelled {
            let before = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(20))
            let late = ContinuousClock.now - before - .milliseconds(20)
            if late > .milliseconds(200) { starved += late }
        }
        return starved
    }
    let elapsed = try await ContinuousClock().measure(body)
    probe.cancel()
    return max(.zero, elapsed - (await probe.value))
}
