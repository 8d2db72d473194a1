import FoundationEssentials
import HTTP
import JSON

/// The Bot API methods the bot calls, over any `HTTPClient`. Holds the token; never puts it
/// in an error or a log line.
public struct BotAPI: Sendable {
    public static let defaultBaseURL = "https://api.telegram.org"

    public let baseURL: String
    let token: String
    /// `baseURL/bot<token>/`, written once: a method's URL is this and its name.
    private let methodPrefix: String
    let http: any HTTPClient
    /// For ordinary calls. Why 30 s: Telegram answers within a second or two; longer means a
    /// stuck connection, and the caller's retry is cheaper than waiting.
    public var requestTimeout: Duration = .seconds(30)

    /// `baseURL` defaults to `TELEGRAM_API_URL` from the environment, else api.telegram.org.
    public init(token: String, baseURL: String? = nil, http: any HTTPClient) {
        let base = baseURL ?? ProcessInfo.processInfo.environment["TELEGRAM_API_URL"] ?? Self.defaultBaseURL
        self.baseURL = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.token = token
        methodPrefix = "\(self.baseURL)/bot\(token)/"
        self.http = http
    }

    /// Redacts this bot's token (and any `/bot…/` URL segment) from a text meant for a log.
    public func redact(_ text: String) -> String { TokenRedaction.redact(text, token: token) }

    func url(_ method: String) -> String { methodPrefix + method }

    func call<Result: Decodable>(
        _ method: String, _ parameters: [String: (any Encodable & Sendable)?] = [:],
        timeout: Duration? = nil, as: Result.Type = Result.self, scan: ((inout JSONReader) -> Result?)? = nil
    ) async throws -> Result {
        let body = try JSONEncoder.botAPI.encode(Parameters(values: parameters.compactMapValues { $0 }))
        return try await call(method, body: body, timeout: timeout, scan: scan)
    }

    /// A body written by hand (`JSONWriter`).
    func call<Result: Decodable>(
        _ method: String, body: Data, timeout: Duration? = nil, scan: ((inout JSONReader) -> Result?)? = nil
    ) async throws -> Result {
        let request = HTTPRequest(url: url(method), body: .json(body), timeout: timeout ?? requestTimeout)
        let response = try await http.perform(request)
        return try BotAPIResponse.decode(response, as: Result.self, scan: scan)
    }

    func callMultipart<Result: Decodable>(_ method: String, _ parts: [MultipartPart]) async throws -> Result {
        // Why 120 s: a 50 MB document over a slow uplink.
        let request = HTTPRequest(url: url(method), body: .multipart(parts), timeout: .seconds(120))
        return try await send(request)
    }

    private func send<Result: Decodable>(_ request: HTTPRequest) async throws -> Result {
        let response = try await http.perform(request)
        return try BotAPIResponse.decode(response, as: Result.self)
    }
}

extension JSONEncoder {
    static let botAPI: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// A JSON object of heterogeneous values; nil parameters were dropped before.
struct Parameters: Encodable {
    let values: [String: any Encodable & Sendable]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in values {
            try container.encode(value, forKey: AnyKey(stringValue: key))
        }
    }
}
