import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import TelegramClient

/// The bot's state behind one serial executor: the ledger, the conversation, and the outbox
/// operations the sender needs. Every update is applied in one SQLite transaction together
/// with its offset, so a crash at any instant neither loses nor doubles its effects.
public actor BotCore: BatchUpdateHandler {
    let ledger: Ledger
    let conversation: ConversationHandler
    let doorbell = Doorbell()
    let log: TelegramLogger

    public init(databasePath: String, catalog: Catalog, clock: WallClock, settings: ConversationSettings,
                logger: TelegramLogger = .silent) throws {
        let ledger = try Ledger(path: databasePath, clock: clock)
        self.ledger = ledger
        conversation = ConversationHandler(ledger: ledger, catalog: catalog, clock: clock, settings: settings)
        log = logger
    }

    public func setBotUsername(_ username: String?) {
        conversation.settings.botUsername = username
    }

    public func storedOffset() throws -> Int64? {
        try ledger.telegramOffset()
    }

    public func handle(_ update: Update) throws {
        try handle(batch: [update])
    }

    /// The updates' effects, their replies and the next offset, in one transaction.
    public func handle(batch: [Update]) throws {
        try ledger.transaction {
            for update in batch {
                // At-least-once delivery: an update below the committed offset is a replay.
                if let offset = try ledger.telegramOffset(), update.updateID < offset { continue }
                if let event = UpdateRouter.event(for: update) {
                    try conversation.handle(event)
                } else {
                    log.debug("update \(update.updateID) has nothing for the conversation")
                }
                try ledger.setTelegramOffset(update.updateID + 1)
            }
        }
        doorbell.ring()
    }

    /// Work for the scheduler and tests that must land like an update: one transaction.
    public func perform<T: Sendable>(_ body: @Sendable (Ledger, ConversationHandler) throws -> T) throws -> T {
        let result = try ledger.transaction { try body(ledger, conversation) }
        doorbell.ring()
        return result
    }

    func pendingOutbox(limit: Int, known: [Int64: OutboxContent]) throws -> [OutboxItem] {
        try ledger.pendingOutbox(limit: limit, known: known)
    }

    func pendingOutbox(after id: Int64, limit: Int) throws -> [OutboxItem] {
        try ledger.pendingOutbox(after: id, limit: limit)
    }

    func sentMessageID(outboxID: Int64) throws -> Int64? {
        try ledger.sentMessageID(outboxID: outboxID)
    }

    func recordPiecesSent(_ count: Int, outboxID: Int64) throws {
        try ledger.recordPiecesSent(count, outboxID: outboxID)
    }

    /// Records a round of sends in one transaction.
    func complete(_ results: [(OutboxItem, OutboxResult)]) throws {
        try ledger.transaction {
            for (item, result) in results { try ledger.complete(item, with: result) }
        }
    }
}
