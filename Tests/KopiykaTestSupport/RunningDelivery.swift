import Conversation
import Foundation
import HTTP
import KopiykaCore
import Ledger
import Localization
import Synchronization
import TelegramBot
import TelegramClient

/// The outbox sender alone, running against a started `FakeBotAPI` on a temp database, with
/// time that only the test moves (`time`). Rows are queued as the conversation queues them;
/// what Telegram received is read from the fake, what the outbox recorded from `ledger()`.
public final class RunningDelivery: Sendable {
    public let fake: FakeBotAPI
    public let time = ManualTime()
    public let core: BotCore
    public let delivery: OutboxDelivery
    public let log = CapturedLog()
    private let folder = TemporaryDirectory("outbox")
    private let task = Mutex<Task<Void, Never>?>(nil)

    public init(fake: FakeBotAPI, pacing: SendPacer.Configuration = .unpaced, ledgerClock: WallClock = .fixed(testNow)) throws {
        self.fake = fake
        core = try BotCore(databasePath: folder.path("outbox.sqlite"), catalog: try Catalog.load(), clock: ledgerClock,
                           settings: ConversationSettings(timeZone: kyiv))
        let log = self.log
        delivery = OutboxDelivery(core: core, api: BotAPI(token: fake.token, baseURL: fake.baseURL, http: core.http),
                                  pacing: pacing, logger: TelegramLogger { level, message in log.append("\(level) \(message)") },
                                  clock: time.deliveryClock)
    }

    public var databasePath: String { folder.path("outbox.sqlite") }

    public func start() {
        let delivery = self.delivery
        let thread = core.http.executor
        task.withLock { $0 = Task(executorPreference: thread) { await delivery.run() } }
    }

    /// Cancels the sender and waits for it; true if it stopped within `timeout`.
    public func stop(within timeout: Duration = .seconds(5)) async -> Bool {
        guard let running = task.withLock({ $0 }) else { return true }
        running.cancel()
        let stopped = Mutex(false)
        Task {
            await running.value
            stopped.withLock { $0 = true }
        }
        return await eventually(timeout: timeout) { stopped.withLock { $0 } }
    }

    /// Queues a row as an update would: committed, then the sender's doorbell rung.
    @discardableResult
    public func enqueue(_ content: OutboxContent, chatID: Int64) async throws -> Int64 {
        try await core.perform { ledger, _ in try ledger.outbox.enqueue(content, chatID: chatID) }
    }

    /// A second connection to the database, to see what the outbox recorded.
    public func ledger() throws -> Ledger { try Ledger(path: databasePath, clock: .fixed(testNow)) }
}
