import FoundationEssentials

/// One thing the outbox asks Telegram to do. Texts are HTML, already escaped and split, or
/// plain text when `parseMode` is nil (the fallback for HTML Telegram refused).
public enum OutgoingMessage: Sendable, Equatable {
    case text(
        chatID: Int64, text: String, replyMarkup: InlineKeyboardMarkup? = nil, messageThreadID: Int? = nil,
        replyToMessageID: Int? = nil, parseMode: ParseMode? = .html)
    case edit(chatID: Int64, messageID: Int, text: String, replyMarkup: InlineKeyboardMarkup? = nil,
              parseMode: ParseMode? = .html)
    case callbackAnswer(queryID: String, text: String? = nil)
    case document(chatID: Int64, fileName: String, data: Data, caption: String? = nil)
    case delete(chatID: Int64, messageID: Int)
    /// A PNG picture, in the group's topic when `messageThreadID` is given.
    case photo(chatID: Int64, fileName: String, data: Data, caption: String? = nil, messageThreadID: Int? = nil)

    /// The chat whose pace it counts against; nil for a callback answer, which is not paced.
    public var chatID: Int64? {
        switch self {
        case .text(let chatID, _, _, _, _, _), .edit(let chatID, _, _, _, _), .document(let chatID, _, _, _),
             .delete(let chatID, _),
             .photo(let chatID, _, _, _, _): chatID
        case .callbackAnswer: nil
        }
    }
}

public enum SendOutcome: Sendable, Equatable {
    /// Done. The message id of what was sent or edited; nil for a callback answer (also when
    /// the query was too old: there is nothing left to do).
    case sent(messageID: Int?)
    /// Try again after this many seconds, not earlier.
    case retryAfter(seconds: Int)
    /// The group became a supergroup: store the new id, retry once there.
    case chatMigrated(newChatID: Int64)
    /// 403: stop sending to this chat, keep its data.
    case blocked
    /// Telegram could not read the text's HTML ("can't parse entities"): the same text as
    /// plain text will pass.
    case malformed(reason: String)
    /// Retrying the same message fails the same way (too long, chat not found, 401).
    case failedPermanently(reason: String)
    /// Network, timeout, 5xx: retry with backoff. A timed-out send may have been delivered.
    case transient(reason: String)
}
