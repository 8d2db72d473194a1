import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// The running bot against the fake Bot API, through the real libcurl client.
@Suite(.serialized) struct BotRunnerTests {
    let folder = TemporaryDirectory("bot")
    let fake = FakeBotAPI()
    var path: String { folder.path("bot.sqlite") }

    init() throws { try fake.start() }

    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    @Test func answersAnEntryInTheChatItCameFrom() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 501, text: "кава 85 грн картка")
        try #require(await eventually { plain(501).count == 2 })
        #expect(plain(501)[1] == "✅ кава · 85 ₴ · Кафе · картка")
        #expect(fake.sentMessages(chatID: 501)[1].parseMode == "HTML")
        #expect(await bot.stop() == .stopped)
        let ledger = try Ledger(path: path)
        #expect(try ledger.botState.telegramOffset() != nil)
        let member = try #require(try ledger.families.member(telegramUserID: 501))
        #expect(try ledger.entries.count(householdID: member.householdID) == 1)
        fake.stop()
    }

    @Test func publishesLocalizedCommandsAtStart() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        #expect(await eventually { fake.commands(languageCode: "en") != nil && fake.commands(languageCode: "ru") != nil })
        #expect(fake.commands(languageCode: "uk")?.contains("Звіт за місяць") == true)
        #expect(fake.commands(languageCode: "en")?.contains("Monthly report") == true)
        #expect(fake.commands(languageCode: "")?.contains("report") == true)
        await bot.stop()
        fake.stop()
    }

    @Test func restartsWithoutAnsweringTwiceOrLosingAnything() async throws {
        var bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 502, text: "кава 85")
        #expect(await eventually { plain(502).count == 2 })
        await bot.stop()
        fake.enqueueMessage(chatID: 502, text: "таксі 120")
        bot = try RunningBot(fake: fake, databasePath: path)
        #expect(await eventually { plain(502).count == 3 })
        try await Task.sleep(for: .milliseconds(300))
        #expect(plain(502).count == 3)
        #expect(plain(502)[2].hasPrefix("✅ таксі · 120 ₴"))
        await bot.stop()
        let ledger = try Ledger(path: path)
        #expect(try ledger.entries.count(householdID: try #require(try ledger.families.member(telegramUserID: 502)).householdID) == 2)
        fake.stop()
    }

    @Test func waitsOutRetryAfterAndServerErrors() async throws {
        fake.inject(.tooManyRequests(retryAfter: 1), into: "sendMessage")
        fake.inject(.serverErrorHTML, into: "getUpdates", times: 2)
        let bot = try RunningBot(fake: fake, databasePath: path)
        let start = ContinuousClock.now
        fake.enqueueMessage(chatID: 503, text: "кава 85")
        #expect(await eventually(timeout: .seconds(20)) { plain(503).count == 2 })
        #expect(ContinuousClock.now - start >= .seconds(1))
        await bot.stop()
        fake.stop()
    }

    @Test func aRefusedTokenStopsWithAClearReason() async throws {
        fake.inject(.unauthorized, into: "getMe")
        let bot = try RunningBot(fake: fake, databasePath: path)
        guard case .unauthorized(let reason) = await bot.exit() else {
            Issue.record("did not stop on 401")
            return
        }
        #expect(reason.contains("BOT_TOKEN"))
        #expect(!reason.contains(fake.token))
        fake.stop()
    }

    @Test func aBlockedChatIsNotWrittenToAgain() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 504, text: "кава 85")
        #expect(await eventually { plain(504).count == 2 })
        fake.block(chatID: 504)
        fake.enqueueMessage(chatID: 504, text: "/help")
        #expect(await eventually { (try? Ledger(path: path).outbox.isChatBlocked(504)) == true })
        let sendsBefore = fake.requests(method: "sendMessage").count
        fake.enqueueMessage(chatID: 505, text: "кава 10")
        #expect(await eventually { plain(505).count == 2 })
        #expect(fake.requests(method: "sendMessage").count == sendsBefore + 2)
        await bot.stop()
        fake.stop()
    }

    @Test func answersEveryButtonPress() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueCallbackQuery(chatID: 506, messageID: 1, data: "nothing:we:know")
        #expect(await eventually { fake.requests(method: "answerCallbackQuery").count == 1 })
        await bot.stop()
        fake.stop()
    }

    /// A note of ampersands and tags 3,900 characters long: its confirmation and a report
    /// long enough to be split both reach Telegram, every piece as HTML it accepts.
    @Test func aLongNoteOfAmpersandsReachesEveryReply() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        let note = String(repeating: "fish & chips <b> ", count: 229)
        fake.enqueueMessage(chatID: 508, text: note + "85")
        #expect(await eventually { plain(508).count == 2 })
        fake.enqueueMessage(chatID: 508, text: "/report")
        #expect(await eventually { plain(508).count >= 4 })
        #expect(fake.sentMessages(chatID: 508).allSatisfy { $0.parseMode == "HTML" })
        #expect(plain(508).joined().contains("fish &amp; chips &lt;b&gt;"))
        await bot.stop()
        #expect(!bot.logs.contains { $0.contains("refused") || $0.contains("plain text") })
        fake.stop()
    }

    @Test func theTokenNeverReachesALog() async throws {
        fake.inject(.serverErrorHTML, into: "getMe")
        fake.inject(.dropConnection, into: "getUpdates", times: 2)
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 507, text: "кава 85")
        #expect(await eventually(timeout: .seconds(20)) { plain(507).count == 2 })
        await bot.stop()
        #expect(!bot.logs.isEmpty)
        #expect(!bot.logs.joined().contains(fake.token))
        #expect(!bot.logs.joined().contains(String(fake.token.split(separator: ":")[1])))
        fake.stop()
    }
}
