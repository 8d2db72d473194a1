import FoundationEssentials

/// One button under a message: a label and the `callback_data` it sends back (≤ 64 bytes).
public struct OutboxButton: Codable, Equatable, Sendable {
    public var title: String
    public var data: String

    public init(title: String, data: String) {
        self.title = title
        self.data = data
    }
}

/// What an outbox row asks Telegram to do. Stored as JSON in the row, so a restart resumes
/// exactly what was promised.
public enum OutboxContent: Codable, Equatable, Sendable {
    /// `sendMessage` with HTML text.
    case message(html: String, replyTo: Int64? = nil, buttons: [[OutboxButton]] = [])
    /// `editMessageText` of a message we sent: by Telegram id when known, or of the message
    /// another outbox row sent (a batched family post edited before its first send finished).
    case edit(messageID: Int64?, ofOutboxID: Int64?, html: String, buttons: [[OutboxButton]] = [])
    /// `answerCallbackQuery`: always answered, or the user's client spins.
    case callbackAnswer(queryID: String, text: String?)
    /// `sendDocument`: a file made for this chat (the CSV export).
    case document(fileName: String, data: Data, caption: String?)
    /// `deleteMessage`: a member's message that held a secret (a Monobank token).
    case delete(messageID: Int64)
    /// `sendPhoto`: a PNG chart, its caption (≤ 1024 characters, HTML) the legend.
    case photo(fileName: String, data: Data, caption: String?)
}

/// A pending outbox row.
public struct OutboxItem: Equatable, Sendable {
    public let id: Int64
    public var chatID: Int64
    public var threadID: Int64?
    public var content: OutboxContent
    public var attempts: Int
    /// Not to be sent before this instant (a `retry_after`, or backoff after a failure).
    public var notBefore: Date?
    /// Pieces of a long text already sent: a retry resumes after them.
    public var piecesSent: Int

    public init(id: Int64, chatID: Int64, threadID: Int64?, content: OutboxContent, attempts: Int = 0, notBefore: Date? = nil,
                piecesSent: Int = 0) {
        self.id = id
        self.chatID = chatID
        self.threadID = threadID
        self.content = content
        self.attempts = attempts
        self.notBefore = notBefore
        self.piecesSent = piecesSent
    }
}

/// How a send ended, as the delivery loop reports it back.
public enum OutboxResult: Equatable, Sendable {
    case sent(messageID: Int64?)
    /// Try again at that time (429 `retry_after`, a 5xx, a timeout).
    case retry(at: Date)
    /// The chat became a supergroup: move the row (and every other one) to the new id.
    case chatMigrated(to: Int64)
    /// The person blocked the bot or removed it: stop sending there, keep the data.
    case chatBlocked
    /// Telegram refused it for good (a bad request): kept for the record, never retried.
    case failed(reason: String)
}

extension OutboxContent {
    /// What a sent row keeps of itself: the buttons, which a press in a group is checked
    /// against (`OutboxStore.sentButtons`), and never the text; nil when there is nothing to keep.
    var keptAfterSending: OutboxContent? {
        switch self {
        case .message(_, _, let buttons) where !buttons.isEmpty:
            .message(html: "", buttons: buttons)
        case .edit(let messageID, let ofOutboxID, _, let buttons) where !buttons.isEmpty:
            .edit(messageID: messageID, ofOutboxID: ofOutboxID, html: "", buttons: buttons)
        default:
            nil
        }
    }
}
