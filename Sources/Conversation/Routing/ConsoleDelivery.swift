import FoundationEssentials
import Ledger

/// Delivers the outbox to a terminal instead of Telegram: the console's and the tests' way of
/// seeing what the bot said, through the same rows the Telegram sender reads.
public struct ConsoleDelivery {
    /// One delivered row, as plain text.
    public struct Line: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case message, edit
            /// A button's answer: the little notice Telegram shows over the chat.
            case notice
            case document
            /// A chart: saved as a file, its caption the legend.
            case photo
        }

        public var chatID: Int64
        public var text: String
        public var kind: Kind
        public var isEdit: Bool { kind == .edit }
        public var buttons: [[OutboxButton]]
        /// The message this line is (or edits), as the console's stand-in for Telegram's id.
        public var messageID: Int64
        /// A file the bot sent.
        public var document: Document?
    }

    public struct Document: Equatable, Sendable {
        public var name: String
        public var data: Data
    }

    let ledger: Ledger

    public init(ledger: Ledger) { self.ledger = ledger }

    /// Takes the pending rows for `chats` (every chat when nil), marks them sent (the outbox
    /// id stands in for Telegram's message id; an edit keeps its target's, as on Telegram)
    /// and returns what they said. The console passes
    /// its own chat: posts for a real family group stay queued for the Telegram bot.
    public func deliver(to chats: Set<Int64>? = nil) throws -> [Line] {
        var lines: [Line] = []
        for item in try ledger.outbox.pending(limit: 10_000) where chats?.contains(item.chatID) ?? true {
            var messageID = item.id
            switch item.content {
            case .message(let html, _, let buttons):
                lines.append(Line(chatID: item.chatID, text: html.plainTextFromHTML, kind: .message, buttons: buttons, messageID: item.id))
            case .edit(let target, let ofOutboxID, let html, let buttons):
                messageID = try target ?? ofOutboxID.flatMap { try ledger.outbox.sentMessageID(outboxID: $0) } ?? item.id
                lines.append(Line(chatID: item.chatID, text: html.plainTextFromHTML, kind: .edit, buttons: buttons, messageID: messageID))
            case .callbackAnswer(_, let text):
                if let text { lines.append(Line(chatID: item.chatID, text: text, kind: .notice, buttons: [], messageID: item.id)) }
            case .document(let fileName, let data, let caption):
                lines.append(Line(chatID: item.chatID, text: caption ?? fileName, kind: .document, buttons: [], messageID: item.id,
                                  document: Document(name: fileName, data: data)))
            case .delete:
                break  // The console keeps no messages to delete.
            case .photo(let fileName, let data, let caption):
                lines.append(Line(chatID: item.chatID, text: caption?.plainTextFromHTML ?? fileName, kind: .photo, buttons: [],
                                  messageID: item.id, document: Document(name: fileName, data: data)))
            }
            try ledger.outbox.complete(item, with: .sent(messageID: messageID))
        }
        return lines
    }
}
