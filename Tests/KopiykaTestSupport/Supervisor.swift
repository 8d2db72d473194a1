import Foundation

/// Runs the bot as systemd's `Restart=on-failure` would: started again as soon as it dies.
///
/// It watches from a thread of its own, as `RunningKopiyka.signal(_:when:)` does. Watched from
/// a task, a death waited for a thread of the cooperative pool, which other suites' synchronous
/// tests can hold for a minute: inside the full suite its six restarts took 3–75 s (1.2 s
/// alone), and a phase timed out. `@unchecked`: one thread at a time touches its state, the
/// test's task or, while the task awaits it, the thread of `run(until:)`.
public final class Supervisor: @unchecked Sendable {
    private let start: () throws -> RunningKopiyka
    public private(set) var current: RunningKopiyka
    private var ended: [RunningKopiyka] = []

    public init(start: @escaping () throws -> RunningKopiyka) throws {
        self.start = start
        current = try start()
    }

    public var deaths: [RunningKopiyka.Termination] { ended.compactMap(\.termination) }
    public var stderr: String { (ended + [current]).map(\.stderr).joined() }

    /// True once `done` holds; false after `timeout`, or if the bot could not be started again.
    public func run(until done: @escaping @Sendable () -> Bool, timeout: Duration = .seconds(60)) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            Thread { [self] in
                continuation.resume(with: Result { try watch(until: done, timeout: timeout) })
            }.start()
        }
    }

    private func watch(until done: () -> Bool, timeout: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if done() { return true }
            if current.termination != nil {
                ended.append(current)
                current = try start()
            }
            usleep(10_000)
        }
        return done()
    }
}
