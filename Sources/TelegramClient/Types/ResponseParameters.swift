/// The `parameters` of a failed Bot API answer.
public struct ResponseParameters: Sendable, Equatable, Decodable {
    public var retryAfter: Int?
    public var migrateToChatID: Int64?

    public init(retryAfter: Int? = nil, migrateToChatID: Int64? = nil) {
        self.retryAfter = retryAfter
        self.migrateToChatID = migrateToChatID
    }

    private enum CodingKeys: String, CodingKey {
        case retryAfter = "retry_after"
        case migrateToChatID = "migrate_to_chat_id"
    }
}

public struct WebhookInfo: Sendable, Equatable, Decodable {
    /// Empty when no webhook is set.
    public var url: String
    public var pendingUpdateCount: Int?

    private enum CodingKeys: String, CodingKey {
        case url
        case pendingUpdateCount = "pending_update_count"
    }
}
