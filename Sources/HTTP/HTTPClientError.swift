/// A transfer that produced no HTTP answer. Descriptions name the curl code and a redacted URL,
/// never the token.
public struct HTTPClientError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The total or connect timeout passed. The server may still have acted on the request.
        case timedOut
        /// No connection: DNS, refused, unreachable, proxy.
        case connectionFailed
        /// Connected, then the peer closed or reset before a full answer.
        case connectionDropped
        /// Certificate or handshake failure; retrying rarely helps, but it is not fatal either.
        case tls
        /// The request could not be set up (bad URL, out of memory, client shut down).
        case invalidRequest
        /// The answer's body ran past the request's `maximumBodyBytes`: ended as it came.
        case tooLarge
        case other
    }

    public let kind: Kind
    /// `CURLcode` as a number; 0 when the error did not come from curl.
    public let curlCode: Int32
    public let curlMessage: String
    /// Already redacted.
    public let redactedURL: String

    init(kind: Kind, curlCode: Int32, curlMessage: String, url: String) {
        self.kind = kind
        self.curlCode = curlCode
        self.curlMessage = TokenRedaction.redact(curlMessage)
        self.redactedURL = TokenRedaction.redact(url)
    }

    public var description: String {
        "HTTP \(kind) (curl \(curlCode): \(curlMessage)) for \(redactedURL)"
    }
}
