import Foundation
import KopiykaCore
import Synchronization

/// The NBU's exchange-rate directory on loopback (`NBU_API_URL`): `GET
/// /NBUStatService/v1/statdirectory/exchange?json[&date=YYYYMMDD][&valcode=USD]` answers from a
/// script per day. An unscripted Monday to Friday answers `weekdayRates`, a Saturday or Sunday
/// an empty list, as the NBU sets no rates then; `failNext` and `down` play a 500 or malformed JSON.
public final class FakeNBU: Sendable {
    public enum Answer: Sendable {
        /// Currency code → the rate as the NBU writes it (`"41.2345"`), in the order given.
        case rates(KeyValuePairs<String, String>)
        /// `[]`: no rates set that day.
        case dayOff
        case serverError
        case malformedJSON
    }

    private struct State {
        var script: [LocalDate: Answer] = [:]
        var failures: [Answer] = []
        var outage: Answer?
        var asked: [String] = []
    }

    public let weekdayRates: Answer
    /// The day a request without `date=` is for.
    public let today: LocalDate
    private let state = Mutex(State())
    private let server: LoopbackHTTPServer

    public init(today: LocalDate, weekdayRates: Answer = .rates(["USD": "41.2345", "EUR": "48.0001", "PLN": "11.3012"])) {
        self.today = today
        self.weekdayRates = weekdayRates
        let box = WeakBox()
        server = LoopbackHTTPServer { box.fake?.route($0) ?? .dropConnection }
        box.fake = self
    }

    public func start() throws { try server.start() }
    public func stop() { server.stop() }
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    /// What `date` answers from now on.
    public func script(_ date: LocalDate, _ answer: Answer) { state.withLock { $0.script[date] = answer } }

    /// The next requests get these answers, one each, whatever day they ask for.
    public func failNext(_ answers: [Answer]) { state.withLock { $0.failures += answers } }

    /// Every request gets `answer` until `down(nil)`: an NBU that is down for a while.
    public func down(_ answer: Answer?) { state.withLock { $0.outage = answer } }

    /// The query of every request so far, in order (`json&date=20261120`).
    public var requests: [String] { state.withLock { $0.asked } }

    /// The days asked for so far, in order.
    public var daysAsked: [LocalDate] {
        requests.map { query in
            let digits = query.split(separator: "&").first { $0.hasPrefix("date=") }.map { String($0.dropFirst(5)) }
            return digits.flatMap(Self.day) ?? today
        }
    }

    private func route(_ request: ParsedHTTPRequest) -> ServerReply {
        guard request.method == "GET", request.path == "/NBUStatService/v1/statdirectory/exchange" else {
            return .respond(status: 404, contentType: "text/html", body: Data("<html>Not Found</html>".utf8))
        }
        let parameters = Dictionary(request.query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        let (answer, date) = state.withLock { state -> (Answer, LocalDate?) in
            state.asked.append(request.query)
            let date = parameters["date"].map(Self.day) ?? today
            if let outage = state.outage { return (outage, date) }
            if !state.failures.isEmpty { return (state.failures.removeFirst(), date) }
            guard let date else { return (.serverError, nil) }
            let weekday = (date.daysSinceEpoch + 3) % 7  // 1970-01-01 was a Thursday; 0 is Monday
            return (state.script[date] ?? (weekday >= 5 ? .dayOff : weekdayRates), date)
        }
        switch answer {
        case .serverError:
            return .respond(status: 500, contentType: "text/html", body: Data("<html>Internal Server Error</html>".utf8))
        case .malformedJSON:
            return .respond(status: 200, contentType: "application/json", body: Data(#"[{"r030":840,"rate":41."#.utf8))
        case .dayOff:
            return .respond(status: 200, contentType: "application/json", body: Data("[]".utf8))
        case .rates(let rates):
            let shown = date.map { String(format: "%02d.%02d.%04d", $0.day, $0.month, $0.year) } ?? ""
            let wanted = parameters["valcode"]?.uppercased()
            let items = rates.filter { wanted == nil || $0.key == wanted }.map { code, rate in
                #"{"r030":0,"txt":"\#(code)","rate":\#(rate),"cc":"\#(code)","exchangedate":"\#(shown)"}"#
            }
            return .respond(status: 200, contentType: "application/json", body: Data(("[" + items.joined(separator: ",") + "]").utf8))
        }
    }

    private static func day(_ digits: String) -> LocalDate? {
        guard digits.count == 8, let number = Int(digits) else { return nil }
        return LocalDate(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }

    private final class WeakBox: @unchecked Sendable {
        // @unchecked: set once in `FakeNBU.init`, before the server starts and reads it.
        weak var fake: FakeNBU?
    }
}
