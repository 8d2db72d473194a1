import Foundation
import HTTP
import KopiykaTestSupport
import Synchronization

@testable import TelegramClient

/// A started fake Bot API and a BotAPI speaking to it through the real libcurl client.
func withFakeAPI<T>(
    requestTimeout: Duration = .seconds(30), _ body: (FakeBotAPI, BotAPI) async throws -> T
) async throws -> T {
    let fake = FakeBotAPI()
    try fake.start()
    defer { fake.stop() }
    var api = BotAPI(token: fake.token, baseURL: fake.baseURL, http: CurlHTTPClient(maxConnections: 3))
    api.requestTimeout = requestTimeout
    return try await body(fake, api)
}

/// Collects every log line, to assert on levels and on the token's absence.
final class LogCapture: Sendable {
    private let lines = Mutex<[(TelegramLogger.Level, String)]>([])

    var logger: TelegramLogger {
        TelegramLogger { [self] level, message in self.lines.withLock { $0.append((level, message)) } }
    }

    var all: [(level: TelegramLogger.Level, message: String)] { lines.withLock { $0 } }
    var text: String { all.map { "\($0.level): \($0.message)" }.joined(separator: "\n") }
}

/// The ledger's contract in memory: offset and effects change together.
actor InMemoryUpdateHandler: UpdateHandler {
    private(set) var offset: Int64?
    private(set) var handled: [Int64] = []
    private(set) var attempts: [Int64: Int] = [:]
    private let failing: [Int64: Int]
    private let delay: Duration

    /// `failing[id] = n`: the first n attempts at that update throw (Int.max: always).
    init(offset: Int64? = nil, failing: [Int64: Int] = [:], delay: Duration = .zero) {
        self.offset = offset
        self.failing = failing
        self.delay = delay
    }

    nonisolated func storedOffset() async throws -> Int64? { await offset }

    func handle(_ update: Update) async throws {
        attempts[update.updateID, default: 0] += 1
        if attempts[update.updateID]! <= failing[update.updateID] ?? 0 { throw HandlerFailure() }
        if delay > .zero { try await Task.sleep(for: delay) }
        handled.append(update.updateID)
        offset = update.updateID + 1
    }

    struct HandlerFailure: Error {}
}

extension Duration {
    /// Wall time of `body`.
    static func measure(_ body: () async throws -> Void) async rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return clock.now - start
    }
}
