import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
@testable import TelegramBot
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

    static let statement = Data("""
        Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції
        20.11.2026 09:15:00,Aroma Kava,5814,-85.00,-85.00,UAH,—,—,—,1000.00
        19.11.2026 18:02:11,АТБ,5411,-412.30,-412.30,UAH,—,—,—,1085.00

        """.utf8)

    /// The file goes from the chat to a summary: downloaded once, read by the job, its
    /// progress message edited in place; the same file again adds nothing.
    @Test func aStatementFileIsDownloadedReadAndSummedUpInPlace() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 601, text: "/start")
        fake.enqueueMessage(chatID: 601, text: "кава 85 20.11")
        fake.enqueueDocument(chatID: 601, fileName: "statement.csv", data: Self.statement)
        #expect(await eventually { plain(601).contains { $0.hasPrefix("📄 Виписка Монобанку: 2 операції.") } })
        // After it comes the question which of Оля's accounts Монобанк is (asked once).
        let summary = try #require(plain(601).first { $0.hasPrefix("📄") })
        #expect(summary.contains("➕ нових записів: 1") && summary.contains("🔗 збіглися з вашими записами: 1"), "\(summary)")
        #expect(fake.sentMessages(chatID: 601).first { $0.text.hasPrefix("📄") }?.editCount == 1,
                "the summary replaces the progress message")
        fake.enqueueDocument(chatID: 601, fileName: "statement.csv", data: Self.statement)
        #expect(await eventually { plain(601).last?.contains("↩️ уже були з попередньої виписки: 2") == true })
        await bot.stop()
        #expect(try importStates() == ["read", "read"])
        #expect(fake.downloadCount == 2)
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: 601))
        #expect(try ledger.entries.count(householdID: member.householdID) == 2, "the coffee once, the groceries once")
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

    /// A statement of ~3,000 rows (~300 KB): its bytes need pages a nearly full disk has not got.
    static let bigStatement: Data = {
        var text = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
            + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n"
        for n in 0..<3_000 {
            text += String(format: "%02d.11.2026 %02d:%02d:00,Shop number %d with a long name,5411,-%d.00,-%d.00,UAH,—,—,—,1000.00\n",
                           1 + n / 1_440, n / 60 % 24, n % 60, n, n + 1, n + 1)
        }
        return Data(text.utf8)
    }()

    /// Telegram gives the file, but the disk is full when it is to be kept. That was counted as
    /// a failed download, and the fifth gave the statement up ("send it again"): now the bytes
    /// wait in memory, storing them backs off to 30 s, and the file is read once there is room.
    @Test func aFileDownloadedWhileTheDiskIsFullIsKeptOnceThereIsRoom() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 605, text: "/start")
        #expect(await eventually { !plain(605).isEmpty })
        // Room for the update's own rows (an import row, a progress message), not for 300 KB.
        try await bot.core.perform { ledger, _ in _ = try ledger.setMaximumPageCount(try ledger.pageCount() + 12) }
        fake.enqueueDocument(chatID: 605, fileName: "statement.csv", data: Self.bigStatement)
        let full = { bot.logs.filter { $0.contains("statement file") && $0.contains("full") } }
        #expect(await eventually { full().count >= 8 }, "\(full().suffix(1))")
        #expect(!full().contains { $0.contains("not fetched") }, "a full disk counted as a failed download")
        #expect(bot.sleeper.pauses.contains(.milliseconds(1_600)), "storing backs off (50 ms turns here)")
        try await bot.core.perform { ledger, _ in _ = try ledger.setMaximumPageCount(1_000_000) }
        #expect(await eventually { plain(605).contains { $0.hasPrefix("📄 Виписка Монобанку") } }, "\(plain(605).suffix(2))")
        await bot.stop()
        #expect(!plain(605).contains { $0.contains("Надішліть його ще раз") })
        #expect(fake.downloadCount == 1, "downloaded once, kept in memory while the disk was full")
        #expect(try importStates() == ["read"])
        fake.stop()
    }

    /// One family's download hangs (Telegram's file server sends nothing). Downloads ran one
    /// at a time: another family's statement waited behind it for the hung one's whole
    /// timeout (120 s). Now it is read at once, and the hung one still comes when it can.
    @Test func aHungDownloadHoldsNoOtherFamilysStatement() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        fake.enqueueMessage(chatID: 606, text: "/start")
        fake.enqueueMessage(chatID: 607, text: "/start")
        fake.enqueueDocument(chatID: 606, fileName: "statement.csv", data: Self.statement, hung: true)
        #expect(await eventually { fake.hungDownloadCount == 1 })
        fake.enqueueDocument(chatID: 607, fileName: "statement.csv", data: Self.statement)
        #expect(await eventually(timeout: .seconds(10)) { plain(607).contains { $0.hasPrefix("📄 Виписка Монобанку: 2 операції.") } },
                "\(plain(607))")
        #expect(!plain(606).contains { $0.hasPrefix("📄 Виписка") }, "the hung one is still under way")
        fake.releaseDownloads()
        #expect(await eventually { plain(606).contains { $0.hasPrefix("📄 Виписка Монобанку: 2 операції.") } }, "\(plain(606))")
        await bot.stop()
        #expect(try importStates() == ["read", "read"])
        fake.stop()
    }

    /// A download that hangs without a byte ends after the stall timeout (a second here, 20 s
    /// in service), not the 120 s a 20 MB file may take, and is tried again under the same
    /// rules: once it is served, the file is read once.
    @Test func aHungDownloadEndsAtItsStallTimeoutAndIsTriedAgain() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path) { $0.downloadStall = .seconds(1) }
        fake.enqueueMessage(chatID: 608, text: "/start")
        fake.enqueueDocument(chatID: 608, fileName: "statement.csv", data: Self.statement, hung: true)
        let started = ContinuousClock.now
        #expect(await eventually(timeout: .seconds(15)) { fake.hungDownloadCount >= 2 }, "tried again after the first hung")
        #expect(ContinuousClock.now - started < .seconds(15))
        let failed = bot.logs.filter { $0.contains("statement file") && $0.contains("not fetched (1 tries)") }
        #expect(failed.count == 1 && failed.allSatisfy { $0.contains("timedOut") }, "\(failed)")
        fake.releaseDownloads()
        #expect(await eventually { plain(608).contains { $0.hasPrefix("📄 Виписка Монобанку: 2 операції.") } }, "\(plain(608))")
        await bot.stop()
        #expect(try importStates() == ["read"])
        #expect(plain(608).filter { $0.hasPrefix("📄 Виписка") }.count == 1)
        #expect(!bot.logs.contains { $0.contains(fake.token) })
        fake.stop()
    }

    /// One slot per household, four in all; a file backing off holds none, and one family's
    /// pile of files is seen one at a time, never hiding another family's.
    @Test func downloadsTakeFourSlotsAtMostAndOnePerHousehold() {
        var slots = FetchSlots()
        var waiting: [(id: Int64, household: Int64)] = [(1, 1), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5)]
        #expect(slots.start(waiting) == [1, 3, 4, 5], "a household's second file waits for its first")
        #expect(slots.start(waiting).isEmpty, "four at most")
        slots.finished(3, backingOff: true)
        #expect(slots.start(waiting) == [6], "a back-off frees its slot and does not start again")
        slots.finished(1, backingOff: false)
        waiting.removeFirst()
        #expect(slots.start(waiting) == [2], "its household's first file kept, the next one goes")
        slots.retry(3)
        #expect(slots.start(waiting).isEmpty, "four under way")
        slots.finished(6, backingOff: false)
        waiting.removeAll { $0.id == 6 }
        #expect(slots.start(waiting) == [3], "its back-off over, it goes again")
        slots.finished(5, backingOff: true)
        slots.keep(only: [2, 3, 4])
        #expect(slots.backingOff.isEmpty, "a file given up elsewhere is forgotten")
    }

    /// A file is described (`getFile`) before its bytes come, and the bytes under way stay
    /// within 24 MB: two files of 20 MB come one after the other, a small one passes beside.
    @Test func bytesUnderWayStayWithinTheBudgetAndOneFileAlwaysGoes() {
        var slots = FetchSlots()
        #expect(slots.start([(1, 1), (2, 2), (3, 3), (4, 4)]) == [1, 2, 3, 4])
        #expect(slots.downloads().isEmpty, "sizes first")
        slots.described(1, bytes: 20 << 20)
        slots.described(2, bytes: nil)
        slots.described(3, bytes: 100_000)
        #expect(slots.downloads() == [1, 3], "the second large one waits, a small one passes")
        slots.described(4, bytes: 30 << 20)
        slots.finished(1, backingOff: false)
        slots.finished(3, backingOff: false)
        #expect(slots.downloads() == [2], "an unknown size counts as the largest Telegram gives")
        slots.finished(2, backingOff: false)
        #expect(slots.downloads() == [4], "alone, any file goes")
    }

    /// The fetcher's pauses after failures in a row, on a turn of a second: doubling to 30 s,
    /// never past it, however long a full disk lasts.
    @Test func theFetchersBackoffDoublesToThirtySeconds() {
        #expect((1...7).map { FetchTries.backoff($0, turn: .seconds(1)) } == [2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        #expect(FetchTries.backoff(.max, turn: .seconds(1)) == .seconds(30))
        var tries = FetchTries()
        tries.storing[1] = 3
        tries.downloaded[1] = [1, 2, 3]
        tries.downloading[2] = 1
        tries.keep(only: [2])
        #expect(tries.storing.isEmpty && tries.downloaded.isEmpty && tries.downloading == [2: 1], "a file no longer waiting is forgotten")
    }
}
