import Foundation
import KopiykaTestSupport
import Ledger
import SQLite
import TelegramBot
import Testing

/// Issue 10 item 3: a database that cannot be written for a while (a full disk, another
/// process's lock) loses no update. The bot stops taking updates without moving the offset,
/// says so in the log, and resumes by itself; none of it counts towards giving an update up.
@Suite(.serialized) struct DatabaseOutageTests {
    let folder = TemporaryDirectory("outage")
    let fake = FakeBotAPI()
    var path: String { folder.path("bot.sqlite") }
    static let chats: [Int64] = [611, 612, 613]

    init() throws { try fake.start() }

    /// `кава <n>` with a long note, so each message needs pages the full disk has not got.
    func send(_ numbers: ClosedRange<Int>) -> [Int64] {
        numbers.map { n in
            fake.enqueueMessage(chatID: Self.chats[n % 3], text: "кава \(n) " + String(repeating: "дуже смачна ", count: 150))
        }
    }

    func confirmed(_ n: Int) -> Bool {
        fake.sentMessages(chatID: Self.chats[n % 3]).contains {
            $0.text.hasPrefix("✅ кава") && $0.text.replacingOccurrences(of: "\u{A0}", with: " ").contains(" · \(n) ₴ · ")
        }
    }

    func stored() throws -> [Int] {
        let db = try Connection(path: path)
        var amounts: [Int] = []
        try db.query("SELECT amount_minor FROM entries ORDER BY amount_minor") { amounts.append($0.int(0) / 100) }
        return amounts
    }

    func stillFails(_ bot: RunningBot, _ words: String) -> Bool {
        bot.logs.contains { $0.hasPrefix("error") && $0.contains("still fails") && $0.contains(words) }
    }

    @Test func aFullDiskLosesNoMessageAndTheBotResumesWhenThereIsRoom() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        _ = send(1...3)
        #expect(await eventually { (1...3).allSatisfy(confirmed) })

        try await bot.core.perform { ledger, _ in _ = try ledger.setMaximumPageCount(try ledger.pageCount()) }
        let waiting = send(4...9)
        #expect(await eventually { stillFails(bot, "after 8 tries") && stillFails(bot, "full") })
        #expect(fake.confirmedOffset <= waiting[0], "the offset moved past a message that was not stored")
        #expect(try stored() == [1, 2, 3])

        try await bot.core.perform { ledger, _ in _ = try ledger.setMaximumPageCount(1_000_000) }
        _ = send(10...12)
        #expect(await eventually(timeout: .seconds(20)) { (1...12).allSatisfy(confirmed) })
        #expect(try stored() == Array(1...12))
        #expect(!bot.logs.contains { $0.contains("gave up") })
        #expect(bot.sleeper.pauses.contains(.seconds(30)), "the backoff is not capped at 30 s")
        #expect(!bot.sleeper.pauses.contains { $0 > .seconds(30) })
        await bot.stop()
        fake.stop()
    }

    /// An operator's `kopiyka totals --rebuild` or a backup holds the write lock longer than
    /// the busy timeout: the bot waits it out, whatever it takes.
    @Test func aLockHeldByAnotherProcessIsWaitedOutNeverSkipped() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        _ = send(1...2)
        #expect(await eventually { (1...2).allSatisfy(confirmed) })
        try await bot.core.perform { ledger, _ in try ledger.setBusyTimeout(milliseconds: 20) }

        let operatorsRebuild = try Connection(path: path)
        try operatorsRebuild.executeScript("BEGIN IMMEDIATE")
        _ = send(3...8)
        #expect(await eventually { stillFails(bot, "after 8 tries") && stillFails(bot, "locked") })
        try operatorsRebuild.executeScript("COMMIT")
        #expect(await eventually(timeout: .seconds(20)) { (1...8).allSatisfy(confirmed) })
        #expect(try stored() == Array(1...8))
        #expect(!bot.logs.contains { $0.contains("gave up") })
        await bot.stop()
        fake.stop()
    }
}
