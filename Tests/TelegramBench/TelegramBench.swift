import Foundation
import KopiykaTestSupport

/// `telegram-bench [--messages N] [--chats N]`: the `kopiyka` binary beside this one runs
/// against the in-process fake Bot API with pacing off; prints updates per second, CPU time
/// per update and the bot's peak memory. Printed, never asserted. `make bench` runs it.
@main struct TelegramBench {
    /// For scale: an aiogram-based Python finance bot on this machine (570 updates/s, 1.4 ms
    /// of CPU per update, 49 MB). The targets are 10× its throughput and well under the rest.
    static let targetUpdatesPerSecond = 5_700.0
    static let targetCPUMicroseconds = 100.0
    static let targetPeakMB = 30.0

    /// A realistic mix; each message is one entry, so each gets exactly one reply.
    static let texts = [
        "кава 85", "таксі 120 вчора", "обід 230 картка", "продукти 1 234,56", "аптека 99", "Сільпо 412",
        "+30000 зарплата", "кава вісімдесят пʼять", "Uklon 143", "бензин 1500 ОККО",
    ]

    static func main() async {
        do {
            let (messages, chats) = try options(Array(CommandLine.arguments.dropFirst()))
            try await run(messages: messages, chats: chats)
        } catch {
            FileHandle.standardError.write(Data("telegram-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(messages: Int, chats: Int) async throws {
        guard FileManager.default.isExecutableFile(atPath: KopiykaProcess.binary.path) else {
            throw Failure("no kopiyka binary at \(KopiykaProcess.binary.path); build it first")
        }
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let folder = TemporaryDirectory("telegram-bench")
        let bot = try KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": folder.path("bench.sqlite"),
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
        ], workingDirectory: folder.url).start(["run"])
        guard await eventually(timeout: .seconds(30), { fake.requests(method: "getUpdates").count > 0 }) else {
            throw Failure("the bot never polled; stderr: \(bot.stderr)")
        }

        let start = ContinuousClock.now
        for index in 0..<messages {
            fake.enqueueMessage(chatID: Int64(10_001 + index % chats), text: texts[index % texts.count],
                                messageID: index / chats + 1)
        }
        // Every chat is a new family: a welcome, then one confirmation per message.
        let replies = messages + chats
        let deadline = start + .seconds(300)
        while fake.sentMessageCount < replies {
            guard ContinuousClock.now < deadline, bot.isRunning else {
                throw Failure("\(fake.sentMessageCount) of \(replies) replies arrived; stderr: \(bot.stderr)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let elapsed = ContinuousClock.now - start

        bot.signal(SIGTERM)
        guard let termination = await bot.termination(within: .seconds(10)) else {
            throw Failure("the bot did not stop on SIGTERM")
        }
        // Foundation has reaped the bot, our only child: its totals are the children's.
        var child = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &child)
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)

        let seconds = elapsed.inSeconds
        let cpu = child.ru_utime.inSeconds + child.ru_stime.inSeconds
        let updatesPerSecond = Double(messages) / seconds
        let cpuMicroseconds = cpu / Double(messages) * 1_000_000
        let peakMB = Double(child.ru_maxrss) / 1024  // KiB on Linux
        print(String(format: "telegram: %d entry messages from %d chats through the fake Bot API in %.2f s, pacing off (bot %@)",
                     messages, chats, seconds, termination.description))
        print(String(format: "telegram: %.0f updates/s (target ≥ %.0f)%@", updatesPerSecond, targetUpdatesPerSecond,
                     verdict(updatesPerSecond >= targetUpdatesPerSecond)))
        print(String(format: "telegram: %.1f µs CPU per update, start-up and shutdown included: user %.2f s + sys %.2f s (target < %.0f)%@",
                     cpuMicroseconds, child.ru_utime.inSeconds, child.ru_stime.inSeconds, targetCPUMicroseconds,
                     verdict(cpuMicroseconds < targetCPUMicroseconds)))
        print(String(format: "telegram: %.1f MB peak RSS (target < %.0f)%@", peakMB, targetPeakMB, verdict(peakMB < targetPeakMB)))
        print(String(format: "telegram: the fake server in this process used %.2f s of CPU meanwhile",
                     own.ru_utime.inSeconds + own.ru_stime.inSeconds))
    }

    static func verdict(_ met: Bool) -> String { met ? "" : "  MISSED" }

    static func options(_ arguments: [String]) throws -> (messages: Int, chats: Int) {
        var messages = 5_000, chats = 50
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                throw Failure("usage: telegram-bench [--messages N] [--chats N]")
            }
            switch option {
            case "--messages": messages = value
            case "--chats": chats = value
            default: throw Failure("usage: telegram-bench [--messages N] [--chats N]")
            }
        }
        return (messages, chats)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension timeval {
    var inSeconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}
