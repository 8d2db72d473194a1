import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// A statement file sent in a private chat, fetched from the fake Bot API through the real
/// libcurl client: kept for the job that reads it, refused when Telegram will not give it.
@Suite(.serialized) struct StatementFetchTests {
    let folder = TemporaryDirectory("statements")
    let fake = FakeBotAPI()
    var path: String { folder.path("bot.sqlite") }

    init() throws { try fake.start() }

    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func importStates() throws -> [String] {
        let ledger = try Ledger(path: path)
        return try [StatementImport.State.fetching, .fetched, .read, .failed].flatMap { state in
            try ledger.statements.imports(in: state).map { _ in state.rawValue }
        }
    }

    @Test func aStatementFileIsDownloadedOnceAndKeptForReading() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        let csv = Data("Дата i час операції,Деталі операції,MCC\n".utf8)
        fake.enqueueMessage(chatID: 601, text: "/start")
        fake.enqueueDocument(chatID: 601, fileName: "statement.csv", data: csv)
        #expect(await eventually { plain(601).contains { $0.hasPrefix("📄 Отримав statement.csv") } })
        #expect(await eventually { (try? importStates()) != ["fetching"] && fake.downloadCount == 1 })
        await bot.stop()
        let ledger = try Ledger(path: path)
        let fetched = try #require(try ledger.statements.imports(in: .fetched).first)
        #expect(try ledger.statements.fetchedData(fetched.id) == Array(csv))
        #expect(fake.downloadCount == 1)
        fake.stop()
    }

    @Test func aFileTelegramSaysIsTooLargeIsRefusedAtOnce() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 602, text: "/start")
        fake.enqueueDocument(chatID: 602, fileName: "year.xlsx", data: Data([1, 2, 3]), declaredSize: 25 * 1024 * 1024)
        #expect(await eventually { plain(602).last?.contains("до 20 МБ") == true })
        await bot.stop()
        #expect(try importStates().isEmpty)
        #expect(fake.downloadCount == 0)
        fake.stop()
    }

    @Test func aFileTheBotCannotGetIsGivenUpAndItsSenderTold() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 603, text: "/start")
        fake.enqueueDocument(chatID: 603, fileName: "statement.csv", data: Data("x".utf8), served: false)
        #expect(await eventually { plain(603).last?.contains("Надішліть його ще раз") == true })
        await bot.stop()
        #expect(try importStates() == ["failed"])
        fake.stop()
    }

    @Test func anyOtherFileGetsTheHintAndIsNotFetched() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 604, text: "/start")
        fake.enqueueDocument(chatID: 604, fileName: "photo.pdf", data: Data("%PDF".utf8))
        #expect(await eventually { plain(604).last?.contains("CSV з Монобанку") == true })
        await bot.stop()
        #expect(try importStates().isEmpty)
        #expect(fake.downloadCount == 0)
        fake.stop()
    }
}
