/// Everything that can happen to the bot, in the conversation's own words: the Telegram layer
/// translates updates into these, the console makes them from typed lines.
public enum ConversationEvent: Equatable, Sendable {
    case message(IncomingMessage)
    /// A person edited a message they sent earlier.
    case edited(IncomingMessage)
    /// A message with nothing to read: a voice note, a photo without a caption, a sticker, a file.
    case nonText(NonTextMessage)
    /// A person pressed one of our buttons. Always answered, or their client keeps spinning.
    case callback(CallbackPress)
    /// The bot was added to a group by `by`.
    case addedToGroup(ChatRef, by: Sender)
    /// The bot was removed from a group.
    case removedFromGroup(chatID: Int64)
    /// A person blocked the bot (true) or unblocked it (false) in their private chat.
    case blocked(chatID: Int64, Bool)
    /// A group became a supergroup with a new id.
    case chatMigrated(from: Int64, to: Int64)
}

/// A pressed inline button.
public struct CallbackPress: Equatable, Sendable {
    public var queryID: String
    public var data: String
    public var sender: Sender
    /// The chat and message the button was under; nil for messages too old for Telegram to say.
    public var chat: ChatRef?
    public var messageID: Int64?

    public init(queryID: String, data: String, sender: Sender, chat: ChatRef?, messageID: Int64?) {
        self.queryID = queryID
        self.data = data
        self.sender = sender
        self.chat = chat
        self.messageID = messageID
    }
}
