import Foundation
import Ledger

/// Delivers the outbox to a terminal instead of Telegram: the console's and the tests' way of
/// seeing what the bot said, through the same rows the Telegram sender reads.
public struct ConsoleDelivery {
    /// One delivered row, as plain text.
    public struct Line: Equatable, Sendable {
        public var chatID: Int64
        public var text: String
        public var isEdit: Bool
        public var buttons: [[OutboxButton]]
    }

    let ledger: Ledger

    public init(ledger: Ledger) { self.ledger = ledger }

    /// Takes the pending rows for `chats` (every chat when nil), marks them sent (the outbox
    /// id stands in for Telegram's message id) and returns what they said. The console passes
    /// its own chat: posts for a real family group stay queued for the Telegram bot.
    public func deliver(to chats: Set<Int64>? = nil) throws -> [Line] {
        var lines: [Line] = []
        for item in try ledger.pendingOutbox(limit: 10_000) where chats?.contains(item.chatID) ?? true {
            switch item.content {
            case .message(let html, _, let buttons):
                lines.append(Line(chatID: item.chatID, text: html.plainTextFromHTML, isEdit: false, buttons: buttons))
            case .edit(_, _, let html, let buttons):
                lines.append(Line(chatID: item.chatID, text: html.plainTextFromHTML, isEdit: true, buttons: buttons))
            case .callbackAnswer(_, let text):
                if let text { lines.append(Line(chatID: item.chatID, text: text, isEdit: false, buttons: [])) }
            case .document(let fileName, _, let caption):
                lines.append(Line(chatID: item.chatID, text: [fileName, caption].compactMap { $0 }.joined(separator: " — "),
                                  isEdit: false, buttons: []))
            }
            try ledger.complete(item, with: .sent(messageID: item.id))
        }
        return lines
    }
}
