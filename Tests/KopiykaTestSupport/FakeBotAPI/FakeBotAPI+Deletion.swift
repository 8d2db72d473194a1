import Foundation

/// `deleteMessage`: the fake keeps no members' messages, so it records what was deleted and
/// refuses only what Telegram refuses without looking (no ids, a message deleted already).
extension FakeBotAPI {
    func deleteMessage(_ values: [String: String]) -> ServerReply {
        guard let chatID = values["chat_id"].flatMap({ Int64($0) }), let messageID = values["message_id"].flatMap({ Int($0) }) else {
            return Self.error(400, "Bad Request: message identifier is not specified")
        }
        let deleted = withState { state -> Bool in
            guard !state.deletedMessages.contains(where: { $0.chatID == chatID && $0.messageID == messageID }) else { return false }
            state.deletedMessages.append(FakeDeletedMessage(chatID: chatID, messageID: messageID))
            state.messages[chatID]?.removeAll { $0.messageID == messageID }
            return true
        }
        return deleted ? Self.ok(true) : Self.error(400, "Bad Request: message to delete not found")
    }

    /// Every message the bot deleted, in order.
    public var deletedMessages: [FakeDeletedMessage] { withState { $0.deletedMessages } }
}

public struct FakeDeletedMessage: Equatable, Sendable {
    public let chatID: Int64
    public let messageID: Int

    public init(chatID: Int64, messageID: Int) {
        self.chatID = chatID
        self.messageID = messageID
    }
}
