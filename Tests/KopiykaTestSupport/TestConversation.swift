import Conversation
import Foundation
import KopiykaCore
import Ledger
import Localization

/// A conversation handler on a real temp database with the real catalog and a fixed clock,
/// plus shortcuts for "this person writes this text in a private chat".
public final class TestConversation {
    public let test: TestLedger
    public let catalog: Catalog
    public let handler: ConversationHandler
    public var ledger: Ledger { test.ledger }
    private var nextUpdateID: Int64 = 1

    public init(clock: WallClock = .fixed(testNow), defaultLanguage: Language = .uk) throws {
        test = try TestLedger(clock: clock)
        catalog = try Catalog.load()
        handler = ConversationHandler(
            ledger: test.ledger, catalog: catalog, clock: clock,
            settings: ConversationSettings(timeZone: kyiv, defaultLanguage: defaultLanguage))
    }

    /// `sender` writes `text` in their private chat; returns what the bot said to that chat,
    /// as plain text, taken from the outbox.
    @discardableResult
    public func say(_ text: String, from sender: Sender = .olha) throws -> [String] {
        try send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
            .filter { $0.chatID == sender.id }.map(\.text)
    }

    /// Handles a message (numbering its update) and delivers the whole outbox.
    public func send(_ message: IncomingMessage) throws -> [ConsoleDelivery.Line] {
        var message = message
        message.updateID = message.updateID ?? nextUpdateID
        message.messageID = message.messageID ?? nextUpdateID
        nextUpdateID += 1
        try handler.handle(message)
        return try ConsoleDelivery(ledger: ledger).deliver()
    }
}

extension Sender {
    public static let olha = Sender(id: 1001, firstName: "Оля", languageCode: "uk")
    public static let taras = Sender(id: 1002, firstName: "Тарас", languageCode: "uk")
    public static let dmitry = Sender(id: 2001, firstName: "Дмитрий", languageCode: "ru")
    public static let anna = Sender(id: 3001, firstName: "Anna", languageCode: "en-GB")
}
