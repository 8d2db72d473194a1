import Foundation
import Synchronization

extension KopiykaProcess {
    /// `kopiyka run` against `fake`, pacing off, logging warnings: how the end-to-end tests
    /// start the bot. `environment` adds to (or overrides) those settings; `executable` is
    /// another build of it (a benchmark's release binary).
    public static func bot(against fake: FakeBotAPI, databasePath: String, in folder: URL,
                           environment: [String: String] = [:], executable: URL = binary) throws -> RunningKopiyka {
        var settings = [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
        ]
        settings.merge(environment) { _, new in new }
        return try KopiykaProcess(environment: settings, workingDirectory: folder, executable: executable).start(["run"])
    }

    /// Starts the binary without waiting for it: for tests that signal it while it works.
    /// stderr goes to a file in the working directory (a pipe nobody drains could fill and
    /// stall the bot); stdin and stdout are /dev/null.
    public func start(_ arguments: [String]) throws -> RunningKopiyka {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        let stderrURL = workingDirectory.appendingPathComponent("kopiyka-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let errors = try FileHandle(forWritingTo: stderrURL)
        defer { try? errors.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let ended = Moment()
        process.terminationHandler = { _ in ended.record() }
        try process.run()
        return RunningKopiyka(process: process, stderrURL: stderrURL, ended: ended)
    }
}

/// A `kopiyka` child process. Foundation reaps it, so its `rusage` counts towards
/// `getrusage(RUSAGE_CHILDREN)` once it has ended.
public final class RunningKopiyka: Sendable {
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    private let process: Process
    private let stderrURL: URL
    private let ended: Moment

    init(process: Process, stderrURL: URL, ended: Moment) {
        self.process = process
        self.stderrURL = stderrURL
        self.ended = ended
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    /// When Foundation reaped it: unlike a test's polling, not delayed by a busy test pool.
    public var endedAt: ContinuousClock.Instant? { ended.instant }

    /// Returns when it was sent.
    @discardableResult
    public func signal(_ number: Int32) -> ContinuousClock.Instant {
        kill(process.processIdentifier, number)
        return .now
    }

    /// Sends `number` as soon as `condition` holds, from a thread of its own that checks every
    /// millisecond: a test's tasks may wait behind other suites on a busy machine while the bot
    /// races on. Returns when it was sent, or nil if `timeout` passed first (nothing was sent).
    public func signal(_ number: Int32, when condition: @escaping @Sendable () -> Bool,
                       timeout: Duration = .seconds(10)) async -> ContinuousClock.Instant? {
        let pid = process.processIdentifier
        return await withCheckedContinuation { continuation in
            Thread {
                let deadline = ContinuousClock.now + timeout
                while ContinuousClock.now < deadline {
                    if condition() {
                        kill(pid, number)
                        continuation.resume(returning: .now)
                        return
                    }
                    usleep(1_000)
                }
                continuation.resume(returning: nil)
            }.start()
        }
    }

    /// How it ended, or nil while it still runs.
    public var termination: Termination? {
        guard !process.isRunning else { return nil }
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signalled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// Waits up to `timeout` for the process to end; nil if it still runs. Waits for the
    /// termination handler too: `isRunning` turns false before it has recorded `endedAt`.
    public func termination(within timeout: Duration) async -> Termination? {
        _ = await eventually(timeout: timeout) { !process.isRunning && ended.instant != nil }
        return termination
    }

    /// Everything written to stderr so far.
    public var stderr: String {
        (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    }

    /// Stops it for good if a test failed half-way.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// An instant recorded once from any thread.
final class Moment: Sendable {
    private let storage = Mutex<ContinuousClock.Instant?>(nil)

    func record() { storage.withLock { $0 = $0 ?? .now } }
    var instant: ContinuousClock.Instant? { storage.withLock { $0 } }
}
