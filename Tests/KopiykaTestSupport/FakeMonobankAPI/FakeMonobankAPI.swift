import Foundation
import Synchronization

/// Monobank's personal API on loopback, as the bank behaves: client-info with accounts and
/// jars, statements newest first at most 500 a call, 429 for a second call by a token within
/// 60 s (on the clock the test hands in), 403 JSON for a token it does not know or that was
/// revoked, and an HTML 403 from "the edge" when told. Every request is recorded, its token
/// included, so a test can check what the bot sent.
public final class FakeMonobankAPI: Sendable {
    public struct Client: Sendable {
        public var name: String
        /// `[(id, currencyCode, maskedPan)]`.
        public var accounts: [(id: String, currencyCode: Int, maskedPan: String)]
        public var jars: [(id: String, title: String, currencyCode: Int)]
        /// Items by account id, any order.
        public var statements: [String: [Item]] = [:]
        public var revoked = false

        public init(name: String, accounts: [(id: String, currencyCode: Int, maskedPan: String)],
                    jars: [(id: String, title: String, currencyCode: Int)] = []) {
            self.name = name
            self.accounts = accounts
            self.jars = jars
        }
    }

    public struct Item: Sendable {
        public var id: String
        public var time: Int64
        public var description: String
        public var mcc: Int
        public var amount: Int64
        public var hold: Bool
        /// A bank gone wrong: the item comes in every statement answer, whatever its time
        /// (a year 10000, Int64.max) and whatever window was asked.
        public var inEveryWindow: Bool

        public init(id: String, time: Int64, description: String, mcc: Int, amount: Int64, hold: Bool = false,
                    inEveryWindow: Bool = false) {
            self.id = id
            self.time = time
            self.description = description
            self.mcc = mcc
            self.amount = amount
            self.hold = hold
            self.inEveryWindow = inEveryWindow
        }
    }

    public struct Request: Sendable, Equatable {
        public var path: String
        public var token: String?
        public var status: Int
    }

    struct State {
        var clients: [String: Client] = [:]
        var lastCall: [String: Date] = [:]
        var requests: [Request] = []
        var edgeBlocked = false
        /// Answered with status 200 to every call the bank would take, while set.
        var unreadable: Unreadable?
        /// Tokens whose calls hang unanswered until released, and how many calls hung.
        var hung: Set<String> = []
        var hungCalls = 0
        var stopped = false
    }

    /// A 200 whose body no client can read, as a bank's broken proxy or a cut connection
    /// gives: a page, JSON cut short, JSON nested 5,000 deep, nothing, noise, a list of
    /// anything but operations; or a well-formed client-info of 3 MB (20,000 accounts), past
    /// what the client takes.
    public enum Unreadable: Sendable, CaseIterable {
        case html, cutOff, deep, empty, garbage, listOfNoise, huge

        var body: (contentType: String, data: Data) {
            switch self {
            case .html:
                ("text/html", Data("<html><head><title>Технічні роботи</title></head><body>Спробуйте пізніше</body></html>".utf8))
            case .cutOff:
                ("application/json", Data(#"{"clientId":"3MSaMMtczs","name":"Оля","accounts":[{"id":"acc-uah","currencyCode":98"#.utf8))
            case .deep:
                ("application/json", Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8))
            case .empty:
                ("application/json", Data())
            case .garbage:
                ("application/octet-stream", Data([0xFF, 0xFE, 0x00, 0x7B, 0x22, 0xC3, 0x28, 0x5D, 0x00, 0x01]))
            case .listOfNoise:
                ("application/json", Data(#"[1,"два",null,[3]]"#.utf8))
            case .huge:
                ("application/json", FakeMonobankAPI.hugeClientInfo)
            }
        }
    }

    static let hugeClientInfo: Data = {
        let account = #"{"id":"acc-%d","sendId":"","currencyCode":980,"cashbackType":"UAH","balance":100,"creditLimit":0,"maskedPan":["537541******1234"],"type":"black","iban":"UA213996220000026201234567890"}"#
        let accounts = (0..<20_000).map { account.replacingOccurrences(of: "%d", with: String($0)) }
        return Data((#"{"clientId":"3MSaMMtczs","name":"Оля","webHookUrl":"","permissions":"psfj","accounts":["#
            + accounts.joined(separator: ",") + #"],"jars":[]}"#).utf8)
    }()

    final class Shared: Sendable {
        let state = Mutex(State())
    }

    let shared = Shared()
    private let server: LoopbackHTTPServer

    /// `now`: the bank's clock for its 60 s limit; tests hand in the bot's.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        let shared = self.shared
        server = LoopbackHTTPServer { request in
            Self.waitWhileHung(request, shared: shared)
            return Self.route(request, shared: shared, now: now())
        }
    }

    /// A call with a hung token holds its connection's thread, without a byte of answer, until
    /// the token is released or the fake stops; then it is answered as any other.
    private static func waitWhileHung(_ request: ParsedHTTPRequest, shared: Shared) {
        guard let token = request.headers["x-token"],
              shared.state.withLock({ state in
                  guard state.hung.contains(token) else { return false }
                  state.hungCalls += 1
                  return true
              }) else { return }
        while shared.state.withLock({ $0.hung.contains(token) && !$0.stopped }) { Thread.sleep(forTimeInterval: 0.005) }
    }

    func withState<T>(_ body: (inout State) -> T) -> T { shared.state.withLock { body(&$0) } }

    public func start() throws { try server.start() }

    public func stop() {
        withState { $0.stopped = true }
        server.stop()
    }
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    public func add(token: String, _ client: Client) { withState { $0.clients[token] = client } }

    /// Items that appear in an account's statement from now on.
    public func post(_ items: [Item], token: String, account: String) {
        withState { $0.clients[token]?.statements[account, default: []].append(contentsOf: items) }
    }

    /// The bank settles the hold `id`: the same item, no longer held, for `amount`.
    public func settle(id: String, amount: Int64, token: String, account: String) {
        withState { state in
            guard let index = state.clients[token]?.statements[account]?.firstIndex(where: { $0.id == id }) else { return }
            state.clients[token]?.statements[account]?[index].hold = false
            state.clients[token]?.statements[account]?[index].amount = amount
        }
    }

    public func revoke(token: String) { withState { $0.clients[token]?.revoked = true } }

    /// The edge answers every request with an HTML 403 (true) or lets them through again.
    public func blockAtEdge(_ blocked: Bool) { withState { $0.edgeBlocked = blocked } }

    /// Every call the bank takes is answered 200 with `body` (nil: answered well again).
    public func answerUnreadably(_ body: Unreadable?) { withState { $0.unreadable = body } }
    /// Calls with this token hang, unanswered, until `release(token:)` (or `stop()`).
    public func hang(token: String) { withState { _ = $0.hung.insert(token) } }
    public func release(token: String) { withState { _ = $0.hung.remove(token) } }
    /// How many calls hung so far.
    public var hungCalls: Int { withState { $0.hungCalls } }

    public var requests: [Request] { withState { $0.requests } }
}
