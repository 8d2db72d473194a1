/// The fields of a Bot API `Message` that the bot reads. Everything that real payloads have
/// been seen to lack is optional; unknown fields are ignored.
public struct Message: Sendable, Equatable, Decodable {
    public var messageID: Int
    public var date: Int
    public var chat: Chat
    public var from: User?
    public var text: String?
    public var caption: String?
    public var entities: [MessageEntity]?
    public var captionEntities: [MessageEntity]?
    public var messageThreadID: Int?
    public var isTopicMessage: Bool?
    public var editDate: Int?
    public var migrateToChatID: Int64?
    public var migrateFromChatID: Int64?
    public var newChatMembers: [User]?
    public var leftChatMember: User?
    /// A voice note, photo, sticker, file…; nil for text and for service messages.
    public var media: MediaKind?
    /// The file, when the message carries one as a document (a bank statement, often).
    public var document: Document?
    private var replyBox: MessageBox?

    /// Decoded leniently: a reply to something we cannot read (a story, a newer kind of
    /// message) is dropped, not allowed to fail the message.
    public var replyToMessage: Message? {
        get { replyBox?.message }
        set { replyBox = newValue.map(MessageBox.init) }
    }

    public init(
        messageID: Int, date: Int, chat: Chat, from: User? = nil, text: String? = nil,
        caption: String? = nil, entities: [MessageEntity]? = nil, messageThreadID: Int? = nil,
        replyToMessage: Message? = nil, media: MediaKind? = nil
    ) {
        self.messageID = messageID
        self.date = date
        self.chat = chat
        self.from = from
        self.text = text
        self.caption = caption
        self.entities = entities
        self.messageThreadID = messageThreadID
        self.replyBox = replyToMessage.map(MessageBox.init)
        self.media = media
    }

    private enum CodingKeys: String, CodingKey {
        case messageID = "message_id", date, chat, from, text, caption, entities
        case captionEntities = "caption_entities"
        case messageThreadID = "message_thread_id"
        case isTopicMessage = "is_topic_message"
        case editDate = "edit_date"
        case migrateToChatID = "migrate_to_chat_id"
        case migrateFromChatID = "migrate_from_chat_id"
        case newChatMembers = "new_chat_members"
        case leftChatMember = "left_chat_member"
        case replyToMessage = "reply_to_message"
        case document
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        messageID = try c.decode(Int.self, forKey: .messageID)
        date = try c.decodeIfPresent(Int.self, forKey: .date) ?? 0
        chat = try c.decode(Chat.self, forKey: .chat)
        from = try? c.decodeIfPresent(User.self, forKey: .from)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        caption = try c.decodeIfPresent(String.self, forKey: .caption)
        entities = try? c.decodeIfPresent([MessageEntity].self, forKey: .entities)
        captionEntities = try? c.decodeIfPresent([MessageEntity].self, forKey: .captionEntities)
        messageThreadID = try c.decodeIfPresent(Int.self, forKey: .messageThreadID)
        isTopicMessage = try c.decodeIfPresent(Bool.self, forKey: .isTopicMessage)
        editDate = try c.decodeIfPresent(Int.self, forKey: .editDate)
        migrateToChatID = try c.decodeIfPresent(Int64.self, forKey: .migrateToChatID)
        migrateFromChatID = try c.decodeIfPresent(Int64.self, forKey: .migrateFromChatID)
        newChatMembers = try? c.decodeIfPresent([User].self, forKey: .newChatMembers)
        leftChatMember = try? c.decodeIfPresent(User.self, forKey: .leftChatMember)
        let fields = try decoder.container(keyedBy: AnyKey.self)
        media = MediaKind.precedence.first { fields.contains(AnyKey(stringValue: $0.rawValue)) }
        document = try? c.decodeIfPresent(Document.self, forKey: .document)
        replyBox = (try? c.decodeIfPresent(Message.self, forKey: .replyToMessage))
            .map(MessageBox.init)
    }
}

/// A class breaks the recursion `Message` → `reply_to_message` → `Message`. Immutable, so
/// sharing it between copies is safe.
private final class MessageBox: Sendable, Equatable {
    let message: Message
    init(_ message: Message) { self.message = message }
    static func == (lhs: MessageBox, rhs: MessageBox) -> Bool { lhs.message == rhs.message }
}
