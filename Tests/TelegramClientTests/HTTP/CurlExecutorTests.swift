import Foundation
import KopiykaTestSupport
import Synchronization
import Testing

@testable import HTTP
@testable import TelegramClient

/// The client's thread as an executor: what runs there, and that it keeps running.
@Suite struct CurlExecutorTests {
    @Test func aTaskThatPrefersTheClientRunsOnItsThreadBeforeAndAfterARequest() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let http = CurlHTTPClient(maxConnections: 2, threadName: "kopiyka-t-req")
        let api = BotAPI(token: fake.token, baseURL: fake.baseURL, http: http)
        let threads = try await Task(executorPreference: http.executor) {
            let before = currentThreadName()
            _ = try await api.sendMessage(chatID: 5, text: "кава 85")
            return (before, currentThreadName())
        }.value
        #expect(threads.0 == "kopiyka-t-req")
        #expect(threads.1 == "kopiyka-t-req")
        #expect(fake.sentMessages(chatID: 5).count == 1)
    }

    @Test func anActorOnTheClientRunsThereAndStillRunsAfterTheThreadStopped() async throws {
        let http = CurlHTTPClient(maxConnections: 1, threadName: "kopiyka-t-stop")
        let counter = Counter(on: http)
        #expect(await counter.add() == (1, "kopiyka-t-stop"))
        http.shutdown()
        // Closed and idle, the thread ends; the actor's next job starts it again.
        #expect(await eventually { threadCount(named: "kopiyka-t-stop") == 0 })
        let second = await within(.seconds(60)) { await counter.add() }
        #expect(second.map { $0 == (2, "kopiyka-t-stop") } == true)
        await #expect(throws: HTTPClientError.self) {
            _ = try await http.perform(HTTPRequest(method: .get, url: "http://127.0.0.1:9/"))
        }
    }

    /// A job from another thread wakes the loop's poll: had it to wait for the poll's 1 s
    /// timeout instead, 40 hops would take 40 s. The hops come from a thread of the test's
    /// own, as the pool's threads can be starved for seconds by other suites.
    @Test func jobsFromAnotherThreadWakeTheLoopAtOnce() async throws {
        let http = CurlHTTPClient(maxConnections: 1, threadName: "kopiyka-t-wake")
        let executor = http.executor
        let (elapsed, names) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let start = ContinuousClock.now
                var names: Set<String> = []
                for _ in 1...40 {
                    // Time for the loop to go back to its poll before the next job comes.
                    Thread.sleep(forTimeInterval: 0.005)
                    let done = DispatchSemaphore(value: 0)
                    let name = Mutex("")
                    Task(executorPreference: executor) {
                        name.withLock { $0 = currentThreadName() }
                        done.signal()
                    }
                    done.wait()
                    names.insert(name.withLock { $0 })
                }
                continuation.resume(returning: (ContinuousClock.now - start, names))
            }
        }
        withExtendedLifetime(http) {}  // Released, the client would close the loop: each job would start a thread.
        #expect(names == ["kopiyka-t-wake"])
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    /// Hops between a task and an actor on the thread are Swift jobs; a chain of them runs
    /// before curl's next turn. A turn polls every transfer under way: one per hop made most
    /// of a lone chat's system calls. About 32 turns here (the 64-round bound); each time the
    /// thread is descheduled past the 1 ms budget adds one, hence the wide margin.
    @Test func aChainOfHopsCostsCurlAFewTurnsNotOneEach() async {
        let turns = await turnsOfCurl(threadName: "kopiyka-t-hops") { counter in
            for _ in 1...1000 { _ = await counter.add() }
        }
        #expect(turns < 400, "\(turns) turns of curl for 1,000 hops (2,000 jobs)")
    }

    /// A burst is bounded in time too: behind jobs that each take 2 ms, curl turns after each
    /// round of them, not once per 64 rounds (a send would wait ~100 ms).
    @Test func curlTurnsBetweenLongJobs() async {
        let turns = await turnsOfCurl(threadName: "kopiyka-t-long") { counter in
            for _ in 1...20 { await counter.work(for: .milliseconds(2)) }
        }
        #expect(turns >= 10, "\(turns) turns of curl behind 20 jobs of 2 ms")
    }

    /// How many turns of curl's work a new client's thread takes while a task that prefers it
    /// runs `body` against an actor there.
    private func turnsOfCurl(threadName: String, _ body: @escaping @Sendable (Counter) async -> Void) async -> Int {
        let http = CurlHTTPClient(maxConnections: 1, threadName: threadName)
        let counter = Counter(on: http)
        return await Task(executorPreference: http.executor) {
            _ = await counter.add()
            let before = http.loop.turns.load(ordering: .relaxed)
            await body(counter)
            return http.loop.turns.load(ordering: .relaxed) - before
        }.value
    }

    /// A task that prefers the thread stays on it through nonisolated async calls, with no
    /// job of its own for each: it is not isolated to the loop, only run there.
    @Test func aTaskThatPrefersTheThreadMakesNonisolatedCallsWithoutAJobEach() async {
        let http = CurlHTTPClient(maxConnections: 1, threadName: "kopiyka-t-calls")
        let (jobs, thread) = await Task(executorPreference: http.executor) {
            let before = http.loop.jobsRun.load(ordering: .relaxed)
            for _ in 1...1000 { await nonisolatedStep() }
            return (http.loop.jobsRun.load(ordering: .relaxed) - before, currentThreadName())
        }.value
        #expect(jobs < 10, "\(jobs) jobs for 1,000 calls")
        #expect(thread == "kopiyka-t-calls")
    }
}

@inline(never) private func nonisolatedStep() async {}

private actor Counter {
    private let http: CurlHTTPClient
    private var count = 0

    init(on http: CurlHTTPClient) { self.http = http }

    nonisolated var unownedExecutor: UnownedSerialExecutor { http.serialExecutor.asUnownedSerialExecutor() }

    /// Keeps the thread busy for `duration`, as a long job would.
    func work(for duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {}
    }

    func add() -> (Int, String) {
        count += 1
        return (count, currentThreadName())
    }
}
