import Foundation
import KopiykaTestSupport
import TelegramBot
import Testing

/// The bot's work and Telegram's requests share one thread of their own.
@Suite struct BotThreadTests {
    @Test func theCoreRunsOnTheThreadOfTelegramsHTTPClient() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let folder = TemporaryDirectory("bot-thread")
        let bot = try RunningBot(fake: fake, databasePath: folder.path("bot.sqlite"))
        fake.enqueueMessage(chatID: 7, text: "кава 85")
        #expect(await eventually { !fake.sentMessages(chatID: 7).isEmpty })
        #expect(try await bot.core.perform { _, _ in currentThreadName() } == "kopiyka-bot")
        #expect(await bot.stop() == .stopped)
        // After the bot stopped, the core still answers, on the same thread.
        #expect(try await bot.core.perform { _, _ in currentThreadName() } == "kopiyka-bot")
    }
}
