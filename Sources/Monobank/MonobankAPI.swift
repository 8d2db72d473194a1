import Banking
import FoundationEssentials
import HTTP
import JSON
import KopiykaCore

/// Monobank's personal API for one member's token, over any `HTTPClient`. It keeps no state
/// and makes exactly one request per call: keeping to the bank's limits is the caller's job
/// (`MonobankPollPlanner`). The token goes only into the `X-Token` header: never into a URL,
/// an error, or this value's description.
public struct MonobankAPI: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public static let defaultBaseURL = "https://api.monobank.ua"
    /// Why 30 s: the bank answers in well under a second; longer is a stuck connection.
    public static let defaultTimeout = Duration.seconds(30)
    /// Why 2 MB: a statement page is at most 500 items (~270 KB), client-info a few KB a
    /// card and jar (500 at most are kept). A larger answer is ended as it arrives and is
    /// `.unreadable`: a 25 MB one was held and decoded whole.
    public static let maximumAnswerBytes = 2 * 1024 * 1024

    public let baseURL: String
    private let token: String
    private let http: any HTTPClient
    /// A call's longest wait, connection included; past it the call fails as `.transient`.
    let timeout: Duration

    public init(token: String, baseURL: String = MonobankAPI.defaultBaseURL, http: any HTTPClient,
                timeout: Duration = MonobankAPI.defaultTimeout) {
        self.token = token
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
        self.timeout = timeout
    }

    public var description: String { "MonobankAPI(\(baseURL), token: ***)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["baseURL": baseURL]) }

    /// The member's name, accounts and jars.
    public func clientInfo() async throws(MonobankError) -> ClientInfo {
        try decode(try await get("/personal/client-info"), as: ClientInfo.self)
    }

    /// The account's (or jar's) items from `from` to `to`, newest first, at most 500: exactly
    /// 500 means there may be more before the oldest. `currency` is the account's, from
    /// client-info; the facts' `account` is the account's id.
    public func statement(account: String, from: Date, to: Date, currency: Currency? = nil) async throws(MonobankError) -> [BankFact] {
        try await statementPage(account: account, from: from, to: to, currency: currency).facts
    }

    /// `statement`, with what it left out: an item dated or sized past `BankBounds` (a year
    /// 10000, `time` at Int64.max, 10¹² ₴) is no operation, and converting or adding it could
    /// trap; it is dropped here, before anything reads it. The bounds end a few days after `to`.
    public func statementPage(account: String, from: Date, to: Date, currency: Currency? = nil) async throws(MonobankError) -> StatementPage {
        let path = "/personal/statement/\(Self.pathSegment(account))/\(Int64(from.timeIntervalSince1970))/\(Int64(to.timeIntervalSince1970))"
        let read = try decode(try await get(path), as: [Lenient<StatementItem>].self)
        let items = read.compactMap(\.value)
        // One item without an id or a time is dropped; a page of which none reads is no
        // statement, and taken as an empty one it would move the cursor past its window.
        guard !items.isEmpty || read.isEmpty else { throw .unreadable }
        let bounds = BankBounds(now: to, zone: StatementReader.kyiv)
        var page = StatementPage(facts: [], skipped: [], itemCount: items.count)
        for item in items {
            if let fact = bounds.checked(item.fact(account: account, accountCurrency: currency)) {
                page.facts.append(fact)
            } else {
                page.skipped.append(item.id)
            }
        }
        return page
    }

    /// An account id as one path segment: Monobank's ids are URL-safe; anything else is dropped.
    static func pathSegment(_ id: String) -> String {
        id.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private func get(_ path: String) async throws(MonobankError) -> HTTPResponse {
        let request = HTTPRequest(method: .get, url: baseURL + path, headers: [("X-Token", token)], timeout: timeout,
                                  connectTimeout: min(timeout, .seconds(10)), maximumBodyBytes: Self.maximumAnswerBytes)
        let response: HTTPResponse
        do {
            response = try await http.perform(request)
        } catch let error as HTTPClientError where error.kind == .tooLarge {
            throw .unreadable
        } catch let error as HTTPClientError {
            throw .transient(String(describing: error.kind))
        } catch {
            throw .transient(error is CancellationError ? "cancelled" : "no answer")
        }
        switch response.status {
        case 200..<300: return response
        case 429: throw .rateLimited
        case 401: throw .tokenRevoked(status: 401)
        case 403: throw Self.looksLikeJSON(response.body) ? .tokenRevoked(status: 403) : .edgeBlocked
        default: throw .transient("HTTP \(response.status)")
        }
    }

    /// How deep an answer may nest. Why 32: the bank's answers nest four deep (a statement: an
    /// array of objects; client-info: an object of arrays of objects of arrays); eight times
    /// that is a few hundred bytes of stack in any decoder.
    static let maxDepth = 32

    /// The body as `T`; `unreadable` for anything else. It is read through once first, no
    /// deeper than `maxDepth`: a body nested thousands deep (a broken proxy, a hostile network)
    /// is refused before the decoder, which recurses once per level, walks it, and a statement
    /// of arrays 100 deep is not taken for an empty statement.
    private func decode<T: Decodable>(_ response: HTTPResponse, as: T.Type) throws(MonobankError) -> T {
        guard JSONReader.isWellFormed(response.body, maxDepth: Self.maxDepth) else { throw .unreadable }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw .unreadable
        }
    }

    /// A JSON error body (`{"errorDescription": …}`) comes from the API; an edge's refusal is a page.
    static func looksLikeJSON(_ body: Data) -> Bool {
        body.first { !$0.isASCIIWhitespace } == UInt8(ascii: "{")
    }
}

extension UInt8 {
    fileprivate var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}

/// One answer to a statement call: the facts within `BankBounds`, and the ids of the items
/// past them.
public struct StatementPage: Equatable, Sendable {
    public var facts: [BankFact]
    /// The bank's ids of the items dropped as out of bounds: for a log line, never stored.
    public var skipped: [String]
    /// Every item the bank sent, skipped ones included: a full page (500) means more may come.
    public var itemCount: Int
}
