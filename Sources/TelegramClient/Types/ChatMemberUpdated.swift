/// `my_chat_member`: the bot was added to, removed from, or blocked in a chat.
public struct ChatMemberUpdated: Sendable, Equatable, Decodable {
    public var chat: Chat
    public var from: User?
    public var date: Int
    public var oldChatMember: ChatMember
    public var newChatMember: ChatMember

    private enum CodingKeys: String, CodingKey {
        case chat, from, date
        case oldChatMember = "old_chat_member"
        case newChatMember = "new_chat_member"
    }
}

/// Only the status: the many rights fields change with every API version.
public struct ChatMember: Sendable, Equatable, Decodable {
    public enum Status: Sendable, Equatable, Decodable {
        case creator, administrator, member, restricted, left, kicked
        case other(String)

        public init(from decoder: any Decoder) throws {
            switch try decoder.singleValueContainer().decode(String.self) {
            case "creator": self = .creator
            case "administrator": self = .administrator
            case "member": self = .member
            case "restricted": self = .restricted
            case "left": self = .left
            case "kicked": self = .kicked
            case let other: self = .other(other)
            }
        }

        /// Whether the bot can receive messages from the chat in this status.
        public var isPresent: Bool {
            switch self {
            case .creator, .administrator, .member, .restricted: true
            case .left, .kicked, .other: false
            }
        }
    }

    public var status: Status
    public var userID: Int64?

    private enum CodingKeys: String, CodingKey { case status, user }
    private struct UserID: Decodable { let id: Int64 }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.decode(Status.self, forKey: .status)
        userID = (try? c.decodeIfPresent(UserID.self, forKey: .user))?.id
    }
}
