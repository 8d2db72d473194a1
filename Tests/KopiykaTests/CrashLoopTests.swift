import Foundation
import KopiykaTestSupport
import SQLite
import TelegramBot
import Testing

/// Issue 10 item 1 on the real binary with a real process death: `KOPIYKA_FAULT_INJECTION`
/// makes the bot trap on one message, and the test restarts it after each death as systemd
/// would. The poisoned message costs itself and three deaths; every other message, from
/// several chats and in the same bursts, is stored once and answered, and the bot runs on.
@Suite(.serialized) struct CrashLoopTests {
    let folder = TemporaryDirectory("crashloop")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }
    static let chats: [Int64] = [801, 802, 803]

    init() throws { try fake.start() }

    func kopiyka() -> KopiykaProcess {
        KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning", "KOPIYKA_FAULT_INJECTION": "trap-on-text:☠",
            // No crash report: each death is quicker, and the test is about the restart.
            "SWIFT_BACKTRACE": "enable=no",
        ], workingDirectory: folder.url)
    }

    /// `кава <n>` from chat n % 3.
    func enqueue(_ numbers: ClosedRange<Int>) {
        for n in numbers { fake.enqueueMessage(chatID: Self.chats[n % 3], text: "кава \(n)", messageID: n) }
    }

    func confirmations(_ n: Int) -> Int {
        fake.sentMessages(chatID: Self.chats[n % 3]).filter { $0.text.hasPrefix("✅ кава · \(n)\u{A0}₴") }.count
    }

    func apologies(_ chat: Int64) -> [FakeSentMessage] {
        fake.sentMessages(chatID: chat).filter { $0.text.contains("пропущено") || $0.text.contains("skipped") }
    }

    @Test func aPoisonedUpdateCostsOneMessageNotTheBot() async throws {
        defer { fake.stop() }
        let started = ContinuousClock.now
        // A burst that waits for the start: one getUpdates answer, the poison in its middle.
        enqueue(1...5)
        let first = fake.enqueueMessage(chatID: 802, text: "хлеб ☠ 40", messageID: 1_000, languageCode: "ru")
        enqueue(6...11)
        let supervisor = try Supervisor { try kopiyka().start(["run"]) }
        #expect(try await supervisor.run(until: { (1...11).allSatisfy { confirmations($0) > 0 } && apologies(802).count == 1 }))

        // While it runs: a second burst, with a stranger's poisoned message in it.
        enqueue(12...14)
        let second = fake.enqueueMessage(chatID: 804, text: "☠ taxi 120", messageID: 2_000, languageCode: "en")
        enqueue(15...17)
        #expect(try await supervisor.run(until: { (1...17).allSatisfy { confirmations($0) > 0 } && apologies(804).count == 1 }))
        enqueue(18...18)
        #expect(try await supervisor.run(until: { confirmations(18) > 0 && fake.confirmedOffset > second }))
        let duration = ContinuousClock.now - started

        #expect(supervisor.deaths.count == 6, "\(supervisor.deaths)")
        #expect(supervisor.deaths.allSatisfy { if case .signalled = $0 { true } else { false } })
        #expect(apologies(802).map(\.replyToMessageID) == [1_000])
        // 802 wrote `кава 1` first: a member, whose stored Ukrainian wins over Telegram's `ru`.
        #expect(apologies(802).first?.text.hasPrefix("Вибачте") == true)
        #expect(apologies(804).map(\.replyToMessageID) == [2_000])
        #expect(apologies(804).first?.text.hasPrefix("Sorry") == true)
        #expect(fake.sentMessages(chatID: 804).count == 1, "the stranger got more than the apology")
        let gaveUp = supervisor.stderr.split(separator: "\n").filter { $0.contains("ERROR") }
        #expect(gaveUp.count == 2, "\(gaveUp)")
        #expect(gaveUp.first?.contains("gave up update \(first) after 3 attempts") == true)
        #expect(gaveUp.last?.contains("gave up update \(second) after 3 attempts") == true)
        #expect(!supervisor.stderr.contains(fake.token))

        let stored = try storedAmounts()
        #expect(stored == Dictionary(uniqueKeysWithValues: (1...18).map { ($0, 1) }), "not stored exactly once")
        // A death can repeat a round of sends Telegram had accepted (see TelegramEndToEndTests).
        let repeated = (1...18).map { confirmations($0) - 1 }.reduce(0, +)
        #expect(repeated <= supervisor.deaths.count * OutboxDelivery.maxInFlight)

        let bot = supervisor.current
        #expect(bot.isRunning)
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(5)) == .exited(0))
        print("crash loop: 6 deaths and restarts, 18 messages and 2 poisoned ones in \(duration)")
    }

    /// A statement file whose parsing kills the process (on the thread that parses it, away
    /// from the bot's) costs three deaths, then is given up: its member is told the file is
    /// damaged, and the bot runs on. The parse's attempt is counted before it starts.
    @Test func aStatementFileWhoseParsingKillsTheBotIsGivenUpAfterThreeDeaths() async throws {
        defer { fake.stop() }
        let chat: Int64 = 805
        let csv = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
            + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n01.11.2026 12:00:00,Кава,5814,-85.00,-85.00,UAH,—,—,—,1.00\n"
        let supervisor = try Supervisor {
            try KopiykaProcess(environment: [
                "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
                "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning", "SWIFT_BACKTRACE": "enable=no",
                "KOPIYKA_FAULT_INJECTION": "trap-in-job:statement-parse",
            ], workingDirectory: folder.url).start(["run"])
        }
        fake.enqueueMessage(chatID: chat, text: "/start")
        _ = fake.enqueueDocument(chatID: chat, fileName: "statement.csv", data: Data(csv.utf8))
        let damaged = { @Sendable in fake.sentMessages(chatID: chat).contains { $0.text.hasPrefix("📄 Файл пошкоджений") } }
        #expect(try await supervisor.run(until: damaged, timeout: .seconds(120)))
        #expect(supervisor.deaths.count == 3, "\(supervisor.deaths)")
        fake.enqueueMessage(chatID: chat, text: "кава 85")
        #expect(try await supervisor.run(until: { fake.sentMessages(chatID: chat).contains { $0.text.hasPrefix("✅ кава") } }))
        #expect(supervisor.deaths.count == 3 && supervisor.stderr.contains("gave up parsing statement file"), "\(supervisor.stderr)")
        let bot = supervisor.current
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(5)) == .exited(0))
    }

    /// amount → how many entries hold it.
    private func storedAmounts() throws -> [Int: Int] {
        var stored: [Int: Int] = [:]
        try Connection(path: databasePath).query("SELECT amount_minor FROM entries") { stored[$0.int(0) / 100, default: 0] += 1 }
        return stored
    }
}
