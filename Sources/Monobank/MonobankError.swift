/// Why a call to Monobank gave nothing. Descriptions never hold the token: it travels in a
/// header, is never part of a URL, and any text the bank echoes has it replaced.
public enum MonobankError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 429: more than one call in 60 s for this token; wait.
    case rateLimited
    /// 401, or 403 with a JSON body: the token is wrong or was revoked; only the member can fix it.
    case tokenRevoked(status: Int)
    /// 403 with an HTML page: the bank's edge refused us, not the API; wait a long time.
    case edgeBlocked
    /// No answer, a 5xx: try again later.
    case transient(String)
    /// A 200 whose body could not be read (a page, JSON cut short or nested too deep, nothing,
    /// noise): the bank's side is broken for now; try again later, and tell a member waiting
    /// for their token's check.
    case unreadable

    public var description: String {
        switch self {
        case .rateLimited: "Monobank: too many requests (429)"
        case .tokenRevoked(let status): "Monobank refused the token (\(status))"
        case .edgeBlocked: "Monobank's edge refused the request (403, HTML)"
        case .transient(let reason): "Monobank did not answer: \(reason)"
        case .unreadable: "Monobank's answer could not be read"
        }
    }
}
