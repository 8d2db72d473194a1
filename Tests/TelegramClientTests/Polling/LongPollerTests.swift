import Foundation
import HTTP
import Synchronization
import KopiykaTestSupport
import Testing

@testable import TelegramClient

/// Backoff sleeps are scaled by 1/1000 so fault paths run in milliseconds; the long poll is
/// 1 s so an idle poller notices new updates quickly.
private func poller(
    _ api: BotAPI, _ handler: InMemoryUpdateHandler, logs: LogCapture = LogCapture(),
    pollTimeout: Int = 1, sleeper: Sleeper = .scaled(by: 0.001)
) -> LongPoller {
    var configuration = LongPoller.Configuration()
    configuration.pollTimeout = pollTimeout
    return LongPoller(
        api: api, handler: handler, logger: logs.logger, configuration: configuration,
        sleeper: sleeper, random: { 0.5 })
}

private func waitUntil(
    _ timeout: Duration = .seconds(30), _ condition: @Sendable () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    var starvedFor = Duration.zero
    while await !condition() {
        guard ContinuousClock.now < deadline + starvedFor else {
            Issue.record("condition not met within \(timeout)")
            return
        }
        // A pause that took far longer than asked: the process was starved, not the poller slow.
        let before = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(10))
        let late = ContinuousClock.now - before - .milliseconds(10)
        if late > .milliseconds(200) { starvedFor = min(starvedFor + late, .seconds(90)) }
    }
}

@Suite struct LongPollerTests {
    @Test func resumesFromTheStoredOffsetAndHandsEachUpdateExactlyOnce() async throws {
        try await withFakeAPI { fake, api throws in
            let early = (0..<10).map { fake.enqueueMessage(chatID: 7, text: "early \($0)") }
            let handler = InMemoryUpdateHandler(offset: early[3])
            let run = Task { await poller(api, handler).run() }
            try await waitUntil { await handler.handled.count == 7 }
            let late = (0..<5).map { fake.enqueueMessage(chatID: 7, text: "late \($0)") }
            try await waitUntil { await handler.handled.count == 12 }
            run.cancel()
            #expect(await run.value == .cancelled)
            #expect(await handler.handled == Array(early[3...]) + late)
            #expect(await handler.offset == late.last! + 1)
            #expect(fake.requests(method: "getUpdates").first?.parameters["offset"] == String(early[3]))
            let allowed = fake.requests(method: "getUpdates").first?.parameters["allowed_updates"]
            #expect(allowed == #"["message","edited_message","callback_query","my_chat_member"]"#)
        }
    }

    @Test func keepsPollingThroughEveryTransientFaultWithoutLeakingTheToken() async throws {
        try await withFakeAPI { fake, api throws in
            for fault in [FakeFault.tooManyRequests(retryAfter: 2), .serverErrorHTML, .dropConnection, .dropConnection,
                          .otherPollerConflict, .delay(.milliseconds(50))] {
                fake.inject(fault, into: "getUpdates")
            }
            let ids = (0..<3).map { fake.enqueueMessage(chatID: -100_200, text: "t\($0)") }
            let logs = LogCapture()
            let handler = InMemoryUpdateHandler()
            let run = Task { await poller(api, handler, logs: logs).run() }
            try await waitUntil { await handler.handled == ids }
            run.cancel()
            #expect(await run.value == .cancelled)
            #expect(!logs.text.contains(fake.token))
            #expect(!logs.text.contains(String(fake.token.split(separator: ":")[1])))
            #expect(logs.all.contains { $0.level == .error && $0.message.contains("ANOTHER PROCESS IS POLLING") })
            #expect(logs.all.contains { $0.message.contains("rate limited, retrying after 2 s") })
            #expect(logs.all.contains { $0.message.contains("/bot***/getUpdates") })
        }
    }

    @Test func anActiveWebhookIsDeletedKeepingPendingUpdates() async throws {
        try await withFakeAPI { fake, api throws in
            fake.setWebhook("https://example.org/hook")
            let ids = (0..<2).map { fake.enqueueMessage(chatID: 3, text: "x\($0)") }
            let handler = InMemoryUpdateHandler()
            let run = Task { await poller(api, handler).run() }
            try await waitUntil { await handler.handled == ids }
            run.cancel()
            _ = await run.value
            let deletions = fake.requests(method: "deleteWebhook")
            #expect(deletions.count == 1)
            #expect(deletions.first?.parameters["drop_pending_updates"] == "false")
            #expect(fake.webhookURL == nil)
        }
    }

    @Test func unauthorizedStopsThePollerWithAFatalReason() async throws {
        try await withFakeAPI { fake, api throws in
            fake.inject(.unauthorized, into: "getUpdates")
            let logs = LogCapture()
            let exit = await poller(api, InMemoryUpdateHandler(), logs: logs).run()
            guard case .fatal(let reason) = exit else {
                Issue.record("not fatal: \(exit)")
                return
            }
            #expect(reason.contains("401"))
            #expect(!reason.contains(fake.token))
            #expect(logs.all.last?.level == .error)
            #expect(!logs.text.contains(fake.token))
        }
    }

    @Test func aWrongTokenStopsThePoller() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let token = "424242:Wrong-Token-That-Must-Not-Leak"
        let api = BotAPI(token: token, baseURL: fake.baseURL, http: CurlHTTPClient(maxConnections: 1))
        let logs = LogCapture()
        let exit = await poller(api, InMemoryUpdateHandler(), logs: logs).run()
        #expect(exit == .fatal(reason: PollerStateMachine.unauthorizedReason))
        #expect(!logs.text.contains(token))
        #expect(!logs.text.contains("Wrong-Token"))
    }

    @Test func aFailingUpdateIsRetriedThenHandled() async throws {
        try await withFakeAPI { fake, api throws in
            let id = fake.enqueueMessage(chatID: 1, text: "flaky")
            let handler = InMemoryUpdateHandler(failing: [id: 2])
            let run = Task { await poller(api, handler).run() }
            try await waitUntil { await handler.handled == [id] }
            run.cancel()
            _ = await run.value
            #expect(await handler.attempts[id] == 3)
        }
    }

    /// The handler decides when to give an update up; the poller never skips one, and takes
    /// no later update meanwhile (a full disk for an hour loses nothing).
    @Test func aFailingUpdateIsRetriedWithGrowingPausesAndNeverSkipped() async throws {
        try await withFakeAPI { fake, api throws in
            let ids = (0..<3).map { fake.enqueueMessage(chatID: 1, text: "m\($0)") }
            let handler = InMemoryUpdateHandler(failing: [ids[1]: 8])
            let logs = LogCapture()
            let pauses = Mutex<[Duration]>([])
            let sleeper = Sleeper { duration in
                pauses.withLock { $0.append(duration) }
                try await Task.sleep(for: .milliseconds(1))
            }
            let run = Task { await poller(api, handler, logs: logs, sleeper: sleeper).run() }
            try await waitUntil { await handler.handled == ids }
            try await waitUntil { fake.confirmedOffset > ids[2] }
            run.cancel()
            _ = await run.value
            #expect(await handler.attempts[ids[1]] == 9)
            #expect(Array(pauses.withLock { $0 }.prefix(8)) == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
            let lines = logs.all.filter { $0.message.contains("update \(ids[1])") }
            #expect(lines.map(\.level) == [.warning, .error, .error, .warning])
        }
    }

    @Test func cancellationMidLongPollReturnsWithinSeconds() async throws {
        try await withFakeAPI { fake, api throws in
            let run = Task { await poller(api, InMemoryUpdateHandler(), pollTimeout: 50).run() }
            try await waitUntil { fake.requests(method: "getUpdates").count == 1 }
            try await Task.sleep(for: .milliseconds(200))
            var exit: LongPoller.Exit?
            let elapsed = await awakeTime {
                run.cancel()
                exit = await run.value
            }
            #expect(exit == .cancelled)
            // "A few seconds", not the poll's 50. Why 20: the probe forgives only pauses over
            // 200 ms, and a full suite's CPU-bound threads (each running bot has one of its
            // own) made shorter ones add up to 6 s once.
            #expect(elapsed < .seconds(20))
        }
    }

    @Test func cancellationFinishesTheUpdateInHand() async throws {
        try await withFakeAPI { fake, api throws in
            let ids = (0..<3).map { fake.enqueueMessage(chatID: 1, text: "m\($0)") }
            let handler = InMemoryUpdateHandler(delay: .milliseconds(300))
            let run = Task { await poller(api, handler).run() }
            try await waitUntil { await handler.attempts[ids[0]] == 1 }
            run.cancel()
            #expect(await run.value == .cancelled)
            #expect(await handler.handled == [ids[0]])
            #expect(await handler.offset == ids[0] + 1)
        }
    }

    @Test func fiveThousandUpdatesFlowThrough() async throws {
        try await withFakeAPI { fake, api throws in
            for index in 0..<5000 { fake.enqueueMessage(chatID: Int64(index % 50 + 1), text: "кава \(index)") }
            let handler = InMemoryUpdateHandler()
            let run = Task { await poller(api, handler).run() }
            try await waitUntil(.seconds(60)) { await handler.handled.count == 5000 }
            run.cancel()
            _ = await run.value
            #expect(Set(await handler.handled).count == 5000)
        }
    }
}

/// A handler that applies a batch atomically, and fails it on demand.
private actor BatchRecorder: BatchUpdateHandler {
    var batches: [[Int64]] = []
    var singles: [Int64] = []
    var offset: Int64?
    let failBatches: Bool

    init(failBatches: Bool) { self.failBatches = failBatches }

    func storedOffset() -> Int64? { offset }

    func handle(_ update: Update) {
        singles.append(update.updateID)
        offset = update.updateID + 1
    }

    func handle(batch: [Update]) throws -> Bool {
        struct Refused: Error {}
        if failBatches { throw Refused() }
        batches.append(batch.map(\.updateID))
        offset = batch.last!.updateID + 1
        return true
    }
}

@Suite struct LongPollerBatchTests {
    @Test func aBurstIsHandledAsOneBatch() async throws {
        try await withFakeAPI { fake, api throws in
            let ids = (0..<5).map { fake.enqueueMessage(chatID: 1, text: "m\($0)") }
            let handler = BatchRecorder(failBatches: false)
            let run = Task { await LongPoller(api: api, handler: handler, sleeper: .scaled(by: 0.001)).run() }
            try await waitUntil { await handler.offset == ids.last! + 1 }
            run.cancel()
            _ = await run.value
            #expect(await handler.batches == [ids])
            #expect(await handler.singles.isEmpty)
        }
    }

    @Test func aFailedBatchFallsBackToOneByOne() async throws {
        try await withFakeAPI { fake, api throws in
            let ids = (0..<3).map { fake.enqueueMessage(chatID: 1, text: "m\($0)") }
            let handler = BatchRecorder(failBatches: true)
            let run = Task { await LongPoller(api: api, handler: handler, sleeper: .scaled(by: 0.001)).run() }
            try await waitUntil { await handler.offset == ids.last! + 1 }
            run.cancel()
            _ = await run.value
            #expect(await handler.singles == ids)
        }
    }
}
