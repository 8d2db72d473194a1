import Foundation
import KopiykaTestSupport
import Ledger
import SQLite
import TelegramBot
import Testing

/// The built `kopiyka run` against the fake Bot API, killed and restarted mid-stream: every
/// entry is stored exactly once and every message answered. `BotRunnerTests` covers the same
/// runner in-process; only a real process can die between any two instructions.
@Suite(.serialized) struct TelegramEndToEndTests {
    let folder = TemporaryDirectory("e2e")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }

    init() throws { try fake.start() }

    /// The bot against the fake; `paced` keeps Telegram's pace (about a message a second per
    /// chat), so a stream of replies is sure to be mid-way when a test stops it.
    func kopiyka(token: String? = nil, logLevel: String = "warning", paced: Bool = false) -> KopiykaProcess {
        KopiykaProcess(environment: [
            "BOT_TOKEN": token ?? fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
            "OUTBOX_PACING_DISABLED": paced ? "0" : "1", "LOG_LEVEL": logLevel,
        ], workingDirectory: folder.url)
    }

    @Test func sigkillMidStreamLosesAndDoublesNothing() async throws {
        defer { fake.stop() }
        let stream = EntryStream(count: 300, fake: fake)
        stream.enqueue(0..<100)
        var bot = try kopiyka().start(["run"])
        stream.enqueue(100..<150)  // while it runs
        // Each kill comes when about half of what is enqueued is answered: mid-stream.
        await sigkill(bot, whenSent: 75)
        #expect(stream.answered() < 150, "the first kill came after the stream ended")

        stream.enqueue(150..<250)
        bot = try kopiyka().start(["run"])
        await sigkill(bot, whenSent: (fake.sentMessageCount + 250) / 2)
        #expect(stream.answered() < 250, "the second kill came after the stream ended")

        bot = try await startPolling()
        stream.enqueue(250..<300)
        #expect(await eventually(timeout: .seconds(30)) { stream.allAnswered() })
        #expect(await eventually { fake.confirmedOffset == stream.lastUpdateID + 1 })
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(5)) == .exited(0))

        try expectStoredOnce(stream)
        stream.expectEveryMessageAnswered()
        // A reply can go out twice only if the process dies after Telegram accepted it and before
        // its outbox row was marked sent; a round holds at most `maxInFlight` sends, so a kill
        // repeats at most that many.
        #expect(stream.duplicateReplies() <= 2 * OutboxDelivery.maxInFlight)  // two kills
    }

    @Test func sigtermMidStreamExitsZeroAndTheRestartFinishes() async throws {
        defer { fake.stop() }
        let stream = EntryStream(count: 150, fake: fake)
        stream.enqueue(0..<50)
        // Paced, the replies to 150 messages from three chats take most of a minute: the signal
        // is sure to come while many wait in the outbox.
        var bot = try await startPolling(paced: true)
        #expect(await eventually { stream.answered() >= 5 })
        stream.enqueue(50..<150)
        let signalled = bot.signal(SIGTERM)
        let termination = await bot.termination(within: .seconds(10))
        #expect(termination == .exited(0), "\(String(describing: termination)); stderr: \(bot.stderr)")
        let stopping = try #require(bot.endedAt) - signalled
        #expect(stopping < .seconds(5))
        #expect(stream.answered() < 150, "SIGTERM came after every reply was out")

        bot = try await startPolling()
        #expect(await eventually(timeout: .seconds(30)) { stream.allAnswered() })
        #expect(await eventually { fake.confirmedOffset == stream.lastUpdateID + 1 })
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(5)) == .exited(0))

        try expectStoredOnce(stream)
        stream.expectEveryMessageAnswered()
        // A clean stop records every send it made: nothing goes out twice.
        #expect(stream.duplicateReplies() == 0)
    }

    @Test func aRefusedTokenExits78WithoutPrintingIt() async throws {
        defer { fake.stop() }
        let wrong = "987654321:AAWrongTokenThatMustNeverBePrinted_0123"
        let bot = try kopiyka(token: wrong, logLevel: "debug").start(["run"])
        #expect(await bot.termination(within: .seconds(10)) == .exited(78))
        #expect(fake.requests(method: "getMe").contains { !$0.tokenAccepted })
        #expect(bot.stderr.contains("BOT_TOKEN"))
        #expect(!bot.stderr.contains(wrong))
        #expect(!bot.stderr.contains("AAWrongTokenThatMustNeverBePrinted"))
    }

    /// Starts the bot and returns once it polls, so its SIGTERM handler is in place: a SIGTERM
    /// in the first milliseconds of start-up still ends the process by the signal's default.
    private func startPolling(paced: Bool = false) async throws -> RunningKopiyka {
        let polls = fake.requests(method: "getUpdates").count
        let bot = try kopiyka(paced: paced).start(["run"])
        #expect(await eventually { fake.requests(method: "getUpdates").count > polls })
        return bot
    }

    private func sigkill(_ bot: RunningKopiyka, whenSent count: Int) async {
        let fake = fake
        #expect(await bot.signal(SIGKILL, when: { fake.sentMessageCount >= count }) != nil)
        #expect(await bot.termination(within: .seconds(5)) == .signalled(SIGKILL))
    }

    /// The database holds exactly one entry per message, in the chat it came from.
    private func expectStoredOnce(_ stream: EntryStream) throws {
        let db = try Connection(path: databasePath)
        var stored: [EntryStream.Key: Int] = [:]
        try db.query("SELECT source_chat_id, amount_minor FROM entries") { row in
            stored[EntryStream.Key(chatID: row.int64(0), amount: row.int(1) / 100), default: 0] += 1
        }
        let expected = Dictionary(uniqueKeysWithValues: stream.keys.map { ($0, 1) })
        #expect(stored.count == expected.count)
        #expect(stored.filter { $0.value != 1 }.isEmpty, "stored more than once")
        #expect(Set(expected.keys).subtracting(stored.keys).isEmpty, "never stored")
        #expect(try Ledger(path: databasePath).botState.telegramOffset() == stream.lastUpdateID + 1)
    }
}

/// Distinct entries across three private chats: message `i` says `<word> <i + 1>`, so its
/// amount names it in the ledger and in the confirmation.
private final class EntryStream {
    struct Key: Hashable {
        let chatID: Int64
        let amount: Int
    }

    static let chats: [Int64] = [701, 702, 703]
    static let words = ["кава", "таксі", "хліб", "аптека", "обід"]

    let count: Int
    let fake: FakeBotAPI
    private(set) var lastUpdateID: Int64 = 0

    init(count: Int, fake: FakeBotAPI) {
        self.count = count
        self.fake = fake
    }

    var keys: [Key] { (0..<count).map { Key(chatID: Self.chats[$0 % Self.chats.count], amount: $0 + 1) } }

    func enqueue(_ messages: Range<Int>) {
        for index in messages {
            let chatID = Self.chats[index % Self.chats.count]
            lastUpdateID = fake.enqueueMessage(
                chatID: chatID, text: "\(Self.words[index % Self.words.count]) \(index + 1)", messageID: index + 1)
        }
    }

    /// `✅ кава · 17 ₴ · Кафе` → 17, per chat; every confirmation counts, repeats too.
    func confirmations() -> [Key: Int] {
        var found: [Key: Int] = [:]
        for chatID in Self.chats {
            for message in fake.sentMessages(chatID: chatID) where message.text.hasPrefix("✅") {
                let parts = message.text.components(separatedBy: " · ")
                guard parts.count > 1, let amount = Int(parts[1].filter(\.isASCII).filter(\.isNumber)) else { continue }
                found[Key(chatID: chatID, amount: amount), default: 0] += 1
            }
        }
        return found
    }

    /// Messages answered so far (each counted once).
    func answered() -> Int { confirmations().count }

    func allAnswered() -> Bool { Set(confirmations().keys).isSuperset(of: keys) }

    func expectEveryMessageAnswered() {
        let confirmations = confirmations()
        #expect(Set(keys).subtracting(confirmations.keys).isEmpty, "never answered")
        #expect(Set(confirmations.keys).subtracting(keys).isEmpty, "answered what nobody wrote")
    }

    /// Sends beyond one welcome per chat and one confirmation per message.
    func duplicateReplies() -> Int {
        let sent = Self.chats.reduce(0) { $0 + fake.sentMessages(chatID: $1).count }
        return sent - count - Self.chats.count
    }
}
