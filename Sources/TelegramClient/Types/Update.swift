/// One entry of `getUpdates`. Kinds we do not handle decode as `.unknown`, and a payload of a
/// known kind that fails to decode also becomes `.unknown`: the poller must always learn the
/// `update_id` so it can confirm the update and move on.
public struct Update: Sendable, Equatable, Decodable {
    public enum Kind: Sendable, Equatable {
        case message(Message)
        case editedMessage(Message)
        case callbackQuery(CallbackQuery)
        case myChatMember(ChatMemberUpdated)
        /// The JSON keys other than `update_id`, for a debug log line.
        case unknown(fields: [String])
    }

    public let updateID: Int64
    public let kind: Kind

    public init(updateID: Int64, kind: Kind) {
        self.updateID = updateID
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case updateID = "update_id"
        case message
        case editedMessage = "edited_message"
        case callbackQuery = "callback_query"
        case myChatMember = "my_chat_member"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        updateID = try container.decode(Int64.self, forKey: .updateID)
        if let message = try? container.decode(Message.self, forKey: .message) {
            kind = .message(message)
        } else if let message = try? container.decode(Message.self, forKey: .editedMessage) {
            kind = .editedMessage(message)
        } else if let query = try? container.decode(CallbackQuery.self, forKey: .callbackQuery) {
            kind = .callbackQuery(query)
        } else if let change = try? container.decode(ChatMemberUpdated.self, forKey: .myChatMember) {
            kind = .myChatMember(change)
        } else {
            let all = try decoder.container(keyedBy: AnyKey.self)
            kind = .unknown(fields: all.allKeys.map(\.stringValue).filter { $0 != "update_id" }.sorted())
        }
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
