import Foundation
import KopiykaTestSupport

/// `telegram-bench [--messages N] [--chats N] [--binary PATH]`: the `kopiyka` binary beside
/// this one (or PATH) runs against the in-process fake Bot API with pacing off. Prints, never
/// asserts: start-up CPU and idle memory; the latency of single messages on an idle bot; then,
/// for N messages queued at once, updates per second, CPU per update, peak memory and the
/// latency under that load. `make bench` runs it with 50 chats and with one. `attacks` runs
/// issue 32's stall attacks instead (`AttackBench`).
///
/// Latency is from the getUpdates answer that hands a message to the bot to the sendMessage
/// of its confirmation, both as the fake's threads see them. Every chat gets one message
/// first (a new family: a welcome and a confirmation), so each measured message has exactly
/// one reply.
@main struct TelegramBench {
    /// For scale: an aiogram-based Python finance bot on this machine (570 updates/s, 1.4 ms
    /// of CPU per update, 49 MB). The targets are 10× its throughput and well under the rest.
    static let targetUpdatesPerSecond = 5_700.0
    static let targetCPUMicroseconds = 100.0
    static let targetPeakMB = 30.0
    static let idleProbes = 50

    /// A realistic mix; each message is one entry, so each gets exactly one reply.
    static let texts = [
        "кава 85", "таксі 120 вчора", "обід 230 картка", "продукти 1 234,56", "аптека 99", "Сільпо 412",
        "+30000 зарплата", "кава вісімдесят пʼять", "Uklon 143", "бензин 1500 ОККО",
    ]

    struct Options {
        var messages = 5_000
        var chats = 50
        var binary = KopiykaProcess.binary
    }

    static func main() async {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "attacks" {
                var rest = Array(arguments.dropFirst())
                var only: String?
                if let at = rest.firstIndex(of: "--only"), at + 1 < rest.count {
                    only = rest[at + 1]
                    rest.removeSubrange(at...(at + 1))
                }
                try await AttackBench(binary: try options(rest).binary, only: only).run()
                return
            }
            try await run(try options(arguments))
        } catch {
            FileHandle.standardError.write(Data("telegram-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: Options) async throws {
        guard FileManager.default.isExecutableFile(atPath: options.binary.path) else {
            throw Failure("no kopiyka binary at \(options.binary.path); build it first")
        }
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let folder = TemporaryDirectory("telegram-bench")
        let bot = try KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": folder.path("bench.sqlite"),
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
        ], workingDirectory: folder.url, executable: options.binary).start(["run"])
        let stats = BotProcessStats(pid: bot.pid)
        guard await eventually(timeout: .seconds(30), { fake.requests(method: "getUpdates").count > 0 }) else {
            throw Failure("the bot never polled; stderr: \(bot.stderr)")
        }
        try await Task.sleep(for: .milliseconds(300))  // setMyCommands and the first read of the outbox
        let startupCPU = try stats.cpuSeconds()
        let idleMB = try stats.memoryMB("VmRSS")
        let idleAnonymousMB = try stats.memoryMB("RssAnon")
        var session = Session(fake: fake, bot: bot, chats: options.chats)

        try await session.send(Array(0..<options.chats), replies: 2 * options.chats)
        var idle: [Duration] = []
        for _ in 0..<idleProbes {
            try await session.send([0], replies: 1)
            idle += session.latencies(chatIndex: 0, last: 1)
            try await Task.sleep(for: .milliseconds(5))
        }

        let cpuBefore = try stats.cpuSeconds()
        let ioBefore = try stats.fileIO()
        let start = ContinuousClock.now
        try await session.send((0..<options.messages).map { $0 % options.chats }, replies: options.messages)
        let elapsed = ContinuousClock.now - start
        let cpu = try stats.cpuSeconds() - cpuBefore
        let io = try stats.fileIO() - ioBefore
        let peakMB = try stats.memoryMB("VmHWM")
        let loaded = (0..<options.chats).flatMap { chat in
            session.latencies(chatIndex: chat, last: options.messages / options.chats + (chat < options.messages % options.chats ? 1 : 0))
        }

        bot.signal(SIGTERM)
        guard let termination = await bot.termination(within: .seconds(10)) else {
            throw Failure("the bot did not stop on SIGTERM")
        }
        var child = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &child)  // Foundation has reaped the bot, our only child.
        let totalCPU = child.ru_utime.inSeconds + child.ru_stime.inSeconds
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)

        let updatesPerSecond = Double(options.messages) / elapsed.inSeconds
        let cpuMicroseconds = cpu / Double(options.messages) * 1_000_000
        let label = "telegram (\(options.chats) chat\(options.chats == 1 ? "" : "s"))"
        print(String(format: "%@: %d entry messages queued at once, answered in %.2f s, pacing off (bot %@)",
                     label, options.messages, elapsed.inSeconds, termination.description))
        print(String(format: "%@: %.0f updates/s (target ≥ %.0f with 50 chats)%@", label, updatesPerSecond,
                     targetUpdatesPerSecond, verdict(options.chats < 50 || updatesPerSecond >= targetUpdatesPerSecond)))
        print(String(format: "%@: %.1f µs CPU per update under load (target < %.0f)%@; start-up %.0f ms, shutdown %.0f ms of CPU",
                     label, cpuMicroseconds, targetCPUMicroseconds, verdict(cpuMicroseconds < targetCPUMicroseconds),
                     startupCPU * 1000, (totalCPU - cpuBefore - cpu) * 1000))
        // Most of it is the binary's pages, and how many of them a start-up maps moves with
        // what the page cache holds of the file: a fresh copy of one binary mapped 1 MB more.
        print(String(format: "%@: %.1f MB peak RSS (target < %.0f)%@, %.1f MB idle after start-up (%.1f MB of it not file pages)",
                     label, peakMB, targetPeakMB, verdict(peakMB < targetPeakMB), idleMB, idleAnonymousMB))
        print("\(label): file system calls per update under load: \(io.summary(per: options.messages))")
        print("\(label): latency of a single message on an idle bot: \(Latencies(idle).summary)")
        print("\(label): latency under the load of \(options.messages): \(Latencies(loaded).summary)")
        print(String(format: "%@: the fake server in this process used %.2f s of CPU in all", label,
                     own.ru_utime.inSeconds + own.ru_stime.inSeconds))
    }

    static func verdict(_ met: Bool) -> String { met ? "" : "  MISSED" }

    static let usage = "usage: telegram-bench [--messages N] [--chats N] [--binary PATH] | telegram-bench attacks [--only NAME] [--binary PATH]"

    static func options(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Failure(usage) }
            switch (option, Int(value)) {
            case ("--messages", let number?) where number > 0: options.messages = number
            case ("--chats", let number?) where number > 0: options.chats = number
            case ("--binary", _): options.binary = URL(fileURLWithPath: value)
            default: throw Failure(usage)
            }
        }
        return options
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The chats of one run and what was sent to them.
struct Session {
    let fake: FakeBotAPI
    let bot: RunningKopiyka
    let chats: Int
    private var nextMessageID: [Int]
    private var expectedReplies = 0

    init(fake: FakeBotAPI, bot: RunningKopiyka, chats: Int) {
        self.fake = fake
        self.bot = bot
        self.chats = chats
        nextMessageID = Array(repeating: 1, count: chats)
    }

    static func chatID(_ index: Int) -> Int64 { Int64(10_001 + index) }

    /// Queues one message per element (a chat's index) at once, then waits for `replies` more replies.
    mutating func send(_ chatIndices: [Int], replies: Int) async throws {
        for (count, chat) in chatIndices.enumerated() {
            fake.enqueueMessage(chatID: Self.chatID(chat), text: TelegramBench.texts[count % TelegramBench.texts.count],
                                messageID: nextMessageID[chat])
            nextMessageID[chat] += 1
        }
        expectedReplies += replies
        let (fake, bot, expected) = (fake, bot, expectedReplies)
        // Woken by each reply on a thread of its own: polling from a task cost the fake more
        // CPU than the bot it measures, on the same two cores.
        let arrived = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: fake.waitForSentMessages(
                    expected, until: Date(timeIntervalSinceNow: 300), keepWaiting: { bot.isRunning }))
            }.start()
        }
        guard arrived else {
            throw TelegramBench.Failure("\(fake.sentMessageCount) of \(expected) replies arrived; stderr: \(bot.stderr)")
        }
    }

    /// The chat's last `count` messages, each from its hand-out to its reply (a chat's
    /// replies go out in order, one per message after the first).
    func latencies(chatIndex: Int, last count: Int) -> [Duration] {
        let (handedOut, sent) = fake.timeline(chatID: Self.chatID(chatIndex))
        return zip(handedOut.suffix(count), sent.suffix(count)).map { $1 - $0 }
    }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension timeval {
    var inSeconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}
