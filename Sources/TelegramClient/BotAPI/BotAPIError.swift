import HTTP

/// A Bot API answer with `"ok": false`, or an HTTP answer that was not a Bot API answer at all.
public struct BotAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Equals the HTTP status.
    public let errorCode: Int
    public let description: String
    public let retryAfter: Int?
    public let migrateToChatID: Int64?

    public init(errorCode: Int, description: String, parameters: ResponseParameters = ResponseParameters()) {
        self.errorCode = errorCode
        self.description = TokenRedaction.redact(description)
        self.retryAfter = parameters.retryAfter
        self.migrateToChatID = parameters.migrateToChatID
    }
}

/// What a failed call means for the caller; every error a call can throw maps to one.
public enum BotAPIFailure: Sendable, Equatable {
    /// 429: wait exactly this long (for that chat, or globally) before the next try.
    case retryAfter(seconds: Int)
    /// 400 "group chat was upgraded to a supergroup chat": move the chat id, retry once.
    case chatMigrated(to: Int64)
    /// 400 "message is not modified": the edit already shows; treat as success.
    case notModified
    /// 400 "query is too old" from answerCallbackQuery: nothing left to do.
    case queryTooOld
    /// 403 blocked, kicked, deactivated: stop sending to that chat, keep its data.
    case blocked
    /// 401: the token is wrong. Fatal.
    case unauthorized
    /// 409: a webhook is set, or another process polls with this token.
    case conflict(webhookActive: Bool)
    /// 5xx, timeouts, dropped connections, unreadable answers: retry with backoff.
    case transient
    /// Any other 4xx: retrying the same request will fail the same way.
    case badRequest(String)
    case cancelled

    public init(_ error: any Error) {
        switch error {
        case let error as BotAPIError: self = Self.classify(error)
        case is CancellationError: self = .cancelled
        default: self = .transient
        }
    }

    private static func classify(_ error: BotAPIError) -> BotAPIFailure {
        let text = error.description.lowercased()
        if error.errorCode == 429 || error.retryAfter != nil {
            // Why 1 s without retry_after: never zero, which would hammer the server.
            return .retryAfter(seconds: max(1, error.retryAfter ?? 1))
        }
        if let newID = error.migrateToChatID { return .chatMigrated(to: newID) }
        switch error.errorCode {
        case 401: return .unauthorized
        case 403: return .blocked
        case 409: return .conflict(webhookActive: text.contains("webhook"))
        case 500...599: return .transient
        case 400...499:
            if text.contains("message is not modified") { return .notModified }
            if text.contains("query is too old") || text.contains("query id is invalid") {
                return .queryTooOld
            }
            return .badRequest(error.description)
        default: return .transient
        }
    }
}
