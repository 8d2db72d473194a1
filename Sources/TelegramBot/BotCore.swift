import Conversation
import FoundationEssentials
import HTTP
import KopiykaCore
import Ledger
import Localization
import TelegramClient

/// The bot's state behind one serial executor: the ledger, the conversation, and the outbox
/// operations the sender needs. Every update is applied in one SQLite transaction together
/// with its offset, so a crash at any instant neither loses nor doubles its effects; before
/// that, its attempt is counted in a transaction of its own (`AttemptRule`), so an update that
/// crashes the process or fails three times is given up alone instead of taking the bot down.
public actor BotCore: BatchUpdateHandler {
    let ledger: Ledger
    let conversation: ConversationHandler
    let attempts: AttemptRule
    let faults: FaultInjection
    let clock: WallClock
    let doorbell = Doorbell()
    /// When `runJobs` last let old attempt counts go.
    var lastAttemptPruning: Date?
    let log: TelegramLogger
    /// Copies the WAL into the database on a thread of its own, off the commits' path; nil
    /// when another process (Litestream) makes the checkpoints.
    let checkpointer: WALCheckpointer?
    /// Telegram's HTTP client, whose one thread is this actor's executor too. The sender and
    /// the poller prefer it (`BotRunner`), so an update, the outbox's reads and records, and
    /// the requests that carry them all run there, with no hand-off between threads
    /// (telegram-bench, one chat: a quarter less CPU an update), and SQLite never blocks the
    /// cooperative pool. Connections: one for the long poll, the rest for a round of sends.
    public nonisolated let http = CurlHTTPClient(maxConnections: OutboxDelivery.maxInFlight + 1, threadName: "kopiyka-bot")

    public nonisolated var unownedExecutor: UnownedSerialExecutor { http.serialExecutor.asUnownedSerialExecutor() }

    public init(databasePath: String, catalog: Catalog, clock: WallClock, settings: ConversationSettings,
                logger: TelegramLogger = .silent, faults: FaultInjection = .none, ownCheckpoints: Bool = true) throws {
        let ledger = try Ledger(path: databasePath, clock: clock)
        self.ledger = ledger
        if ownCheckpoints {
            let checkpointer = WALCheckpointer(path: databasePath)
            ledger.handOverCheckpoints(to: checkpointer)
            startThread(name: "kopiyka-wal", stackSize: 1 << 20) { checkpointer.run() }
            self.checkpointer = checkpointer
        } else {
            try ledger.leaveCheckpointsToAnotherProcess()
            checkpointer = nil
        }
        conversation = ConversationHandler(ledger: ledger, catalog: catalog, clock: clock, settings: settings)
        attempts = AttemptRule(ledger: ledger)
        self.faults = faults
        self.clock = clock
        log = logger
    }

    deinit { checkpointer?.stop() }

    public func setBotUsername(_ username: String?) {
        conversation.settings.botUsername = username
    }

    public func storedOffset() throws -> Int64? {
        try ledger.botState.telegramOffset()
    }

    /// The update's effects, its replies and the next offset in one transaction; or, once it
    /// was attempted three times, an apology to its sender and the offset past it.
    public func handle(_ update: Update) throws {
        let outcome = try attempts.run(.update(update.updateID), giveUp: { try giveUp(update, attempts: $0) }) {
            try apply([update])
        }
        if case .givenUp(let count) = outcome {
            log.error("gave up update \(update.updateID) after \(count) attempts (each crashed or failed); "
                + "its sender was told, and the updates after it go on")
        }
        doorbell.ring()
    }

    /// The updates' effects, their replies and the next offset, in one transaction; false
    /// when one of them was attempted before (a process died in it): they go one at a time.
    public func handle(batch: [Update]) throws -> Bool {
        let keys = batch.map { AttemptKey.update($0.updateID) }
        guard try attempts.runTogether(keys, work: { try apply(batch) }) else {
            log.info("updates \(keys.first?.subject ?? 0)–\(keys.last?.subject ?? 0) include one a process died in; "
                + "handling them one at a time")
            return false
        }
        doorbell.ring()
        return true
    }

    /// Inside the caller's transaction: the updates' effects and the offset after them, read
    /// and written once however many there are.
    private func apply(_ updates: [Update]) throws {
        let stored = try ledger.botState.telegramOffset()
        var offset = stored
        for update in updates { offset = try apply(update, offset: offset) }
        if let offset, offset != stored { try ledger.botState.setTelegramOffset(offset) }
    }

    /// The update's effects unless it is below `offset`; the offset after it.
    private func apply(_ update: Update, offset: Int64?) throws -> Int64? {
        // At-least-once delivery: an update below the committed offset is a replay.
        if let offset, update.updateID < offset { return offset }
        try faults.check(update)
        if let event = UpdateRouter.event(for: update) {
            try conversation.handle(event)
        } else {
            log.debug("update \(update.updateID) has nothing for the conversation")
        }
        return update.updateID + 1
    }

    /// Inside the caller's transaction. The apology goes out only the first time: a give-up
    /// tried again means the apology itself died.
    private func giveUp(_ update: Update, attempts: Int) throws {
        if let offset = try ledger.botState.telegramOffset(), update.updateID < offset { return }
        if attempts == AttemptRule.limit, let event = UpdateRouter.event(for: update) {
            do {
                try ledger.transaction { try conversation.apologize(for: event) }
            } catch where !AttemptRule.isTransient(error) {
                log.warning("could not tell the sender of update \(update.updateID) it was skipped: \(error)")
            }
        }
        try ledger.botState.setTelegramOffset(update.updateID + 1)
    }

    /// Work for tests that must land like an update: one transaction.
    public func perform<T: Sendable>(_ body: @Sendable (Ledger, ConversationHandler) throws -> T) throws -> T {
        let result = try ledger.transaction { try body(ledger, conversation) }
        doorbell.ring()
        return result
    }

    func pendingOutbox(limit: Int, known: [Int64: OutboxContent]) throws -> [OutboxItem] {
        try ledger.outbox.pending(limit: limit, known: known)
    }

    func pendingOutbox(after id: Int64, limit: Int) throws -> [OutboxItem] {
        try ledger.outbox.pending(after: id, limit: limit)
    }

    func sentMessageID(outboxID: Int64) throws -> Int64? {
        try ledger.outbox.sentMessageID(outboxID: outboxID)
    }

    func recordPiecesSent(_ count: Int, outboxID: Int64) throws {
        try ledger.outbox.recordPiecesSent(count, outboxID: outboxID)
    }

    /// Records a round of sends in one transaction.
    func complete(_ completions: [Completion]) throws {
        try ledger.transaction {
            for completion in completions {
                try ledger.outbox.complete(completion.item, with: completion.result, piecesSent: completion.piecesSent)
            }
        }
    }
}
