import FoundationEssentials

/// Who wrote, as Telegram (or the console) tells it.
public struct Sender: Equatable, Sendable {
    public var id: Int64
    public var firstName: String
    public var lastName: String?
    /// Telegram's `language_code` (`uk`, `ru-RU`, …), the default for a new member's language.
    public var languageCode: String?

    public init(id: Int64, firstName: String, lastName: String? = nil, languageCode: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.languageCode = languageCode
    }
}

/// Where a message was written and where its answer goes.
public struct ChatRef: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case privateChat, group }

    public var id: Int64
    public var kind: Kind
    /// A forum topic: answers go back to it.
    public var threadID: Int64?

    public init(id: Int64, kind: Kind, threadID: Int64? = nil) {
        self.id = id
        self.kind = kind
        self.threadID = threadID
    }
}

/// A text message from a person, stripped of everything the conversation does not need.
public struct IncomingMessage: Equatable, Sendable {
    public var chat: ChatRef
    public var sender: Sender
    public var text: String
    /// Telegram's ids, for idempotency and for replying to the right message; nil in the console.
    public var updateID: Int64?
    public var messageID: Int64?
    /// The message answers one of the bot's: in a group with privacy mode on, that and
    /// commands are all the bot sees.
    public var replyToMessageID: Int64?
    public var isReplyToBot: Bool

    public init(chat: ChatRef, sender: Sender, text: String, updateID: Int64? = nil, messageID: Int64? = nil,
                replyToMessageID: Int64? = nil, isReplyToBot: Bool = false) {
        self.chat = chat
        self.sender = sender
        self.text = text
        self.updateID = updateID
        self.messageID = messageID
        self.replyToMessageID = replyToMessageID
        self.isReplyToBot = isReplyToBot
    }
}

/// A message the bot cannot read as text. Answered with a hint in a private chat, never in a
/// group, where it is the family's chatter.
public struct NonTextMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A voice note, a round video or an audio file: someone spoke.
        case voice
        /// A photo, a video or a GIF without a caption.
        case picture
        case sticker
        /// A file: a bank statement, often. A caption that reads as an entry is recorded.
        case document(caption: String?)
    }

    public var chat: ChatRef
    public var sender: Sender
    public var kind: Kind
    public var updateID: Int64?
    public var messageID: Int64?
    /// The file a document carries, to fetch later; nil for other kinds and in the console.
    public var file: ReceivedFile?

    public init(chat: ChatRef, sender: Sender, kind: Kind, updateID: Int64? = nil, messageID: Int64? = nil) {
        self.chat = chat
        self.sender = sender
        self.kind = kind
        self.updateID = updateID
        self.messageID = messageID
    }
}

extension String {
    /// Telegram HTML as a terminal shows it: tags dropped, the four entities decoded.
    public var plainTextFromHTML: String {
        var text = ""
        var inTag = false
        for character in self {
            if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false }
            else if !inTag { text.append(character) }
        }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&amp;", with: "&")
    }
}

/// A file someone sent, as Telegram names it: fetched later, outside the update's transaction.
public struct ReceivedFile: Equatable, Sendable {
    public var fileID: String
    /// The name the sender's app gave it (`statement.csv`); may be empty.
    public var name: String
    /// In bytes, when Telegram says.
    public var size: Int64?

    public init(fileID: String, name: String, size: Int64?) {
        self.fileID = fileID
        self.name = name
        self.size = size
    }
}
