import Conversation
import Foundation
import KopiykaCore
import Ledger
import Localization
import Synchronization
import TelegramBot
import TelegramClient

/// The bot running in-process against a `FakeBotAPI` and a temp database, as `kopiyka run`
/// runs it, with every log line captured (tests check the token never shows).
public final class RunningBot: Sendable {
    public let fake: FakeBotAPI
    public let databasePath: String
    /// The bot's state, to reach its own database connection (a test fills the disk with it).
    public let core: BotCore
    /// Every pause the bot's loops asked for; none lasts more than a few milliseconds.
    public let sleeper = TestSleeper()
    private let task: Task<BotRunner.Exit, Never>
    private let captured = CapturedLog()

    public init(fake: FakeBotAPI, databasePath: String, clock: WallClock = .fixed(testNow),
                pacingDisabled: Bool = true, timeZone: ZoneRules = kyiv, faults: FaultInjection = .none,
                monobankURL: String? = nil, botClock: BotClock? = nil, nbuURL: String? = nil,
                adjust: (inout BotRunner.Configuration) -> Void = { _ in }) throws {
        self.fake = fake
        self.databasePath = databasePath
        let captured = self.captured
        let logger = TelegramLogger { level, message in captured.append("\(level) \(message)") }
        var configuration = BotRunner.Configuration(
            token: fake.token, apiURL: fake.baseURL, databasePath: databasePath,
            settings: ConversationSettings(timeZone: timeZone), pacingDisabled: pacingDisabled)
        configuration.scheduleInterval = .milliseconds(50)
        configuration.clock = botClock ?? BotClock(wall: .system, now: { .now }, sleeper: sleeper.sleeper)
        if let monobankURL { configuration.monobankAPIURL = monobankURL }
        configuration.faults = faults
        configuration.nbuURL = nbuURL
        configuration.rateLookInterval = .milliseconds(50)
        adjust(&configuration)
        let runner = try BotRunner(configuration: configuration, catalog: try Catalog.load(), clock: clock, logger: logger)
        core = runner.core
        task = Task { await runner.run() }
    }

    public var logs: [String] { captured.lines }

    /// Cancels the bot as SIGTERM would and waits for it to finish.
    @discardableResult
    public func stop() async -> BotRunner.Exit {
        task.cancel()
        return await task.value
    }

    /// Waits for the bot to end by itself (a refused token).
    public func exit() async -> BotRunner.Exit { await task.value }
}

/// Polls `condition` until it holds or `timeout` passes; true when it held. Why 30 s: a held
/// condition returns at once, and on a loaded two-core machine a healthy bot can be starved
/// for ten seconds while other suites run; a false failure there costs more than a slow one.
///
/// Time the poll itself could not run (a 20 ms pause that took far longer: the suites' long
/// synchronous tests held both of the pool's threads) does not count, up to `starvedAtMost`:
/// the bot in this process was starved with it.
public func eventually(timeout: Duration = .seconds(30), starvedAtMost: Duration = .seconds(90),
                       _ condition: () throws -> Bool) async rethrows -> Bool {
    let pause = Duration.milliseconds(20)
    var deadline = ContinuousClock.now + timeout
    var forgiven = Duration.zero
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        let before = ContinuousClock.now
        try? await Task.sleep(for: pause)
        let starved = ContinuousClock.now - before - pause
        if starved > .milliseconds(200), forgiven < starvedAtMost {
            let extra = min(starved, starvedAtMost - forgiven)
            deadline += extra
            forgiven += extra
        }
    }
    return try condition()
}

/// Log lines collected from any thread.
public final class CapturedLog: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { storage.withLock { $0.append(line) } }
    public var lines: [String] { storage.withLock { $0 } }
}
