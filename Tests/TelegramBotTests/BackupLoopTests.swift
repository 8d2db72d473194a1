import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// The running bot's daily backup, with its wall clock fixed and its pauses cut short: one
/// backup a day however often it looks, and a failing one logged as a warning, then an error.
@Suite struct BackupLoopTests {
    let folder = TemporaryDirectory("backup-loop")
    var databasePath: String { folder.path("kopiyka.sqlite") }

    func settings(_ path: String) -> BackupSettings {
        var settings = BackupSettings(folder: path, hour: 0, retention: BackupRetention(), zone: .utc)
        settings.retryDelay = 0
        settings.lookEvery = .milliseconds(5)
        return settings
    }

    @Test func oneBackupADayHoweverOftenTheBotLooks() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let backups = folder.path("backups")
        let bot = try RunningBot(fake: fake, databasePath: databasePath) { $0.backups = settings(backups) }
        #expect(await eventually { bot.logs.contains { $0.contains("backed up the database to \(backups)/") } })
        let looks = bot.sleeper.pauses.filter { $0 == .milliseconds(5) }.count
        #expect(await eventually { bot.sleeper.pauses.filter { $0 == .milliseconds(5) }.count > looks + 20 })
        await bot.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups) == [BackupFolder.name(for: testNow)])
        #expect(bot.logs.filter { $0.contains("backed up") }.count == 1)
    }

    @Test func aFailingBackupIsAWarningThenFromTheSecondInARowAnError() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        try Data("a file, not a folder".utf8).write(to: folder.url.appendingPathComponent("taken"))
        let bot = try RunningBot(fake: fake, databasePath: databasePath) { $0.backups = settings(folder.path("taken/backups")) }
        #expect(await eventually { bot.logs.filter { $0.contains("the daily backup") }.count >= 3 })
        await bot.stop()
        let failures = bot.logs.filter { $0.contains("the daily backup") }
        #expect(failures.first?.hasPrefix("warning") == true, "\(failures)")
        #expect(failures.dropFirst().allSatisfy { $0.hasPrefix("error") && $0.contains("failures in a row") }, "\(failures)")
        #expect(!failures.joined().contains(fake.token))
    }

    @Test func ownersWhoAskedHearOnceThatBackupsFailAndOnceThatTheyWorkAgain() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let taken = folder.url.appendingPathComponent("taken")
        try Data("a file, not a folder".utf8).write(to: taken)
        let (asked, other): (Int64, Int64) = (501, 502)
        fake.enqueueMessage(chatID: asked, text: "/archive alerts on")
        fake.enqueueMessage(chatID: other, text: "/start", firstName: "Taras")
        let bot = try RunningBot(fake: fake, databasePath: databasePath) { $0.backups = settings(folder.path("taken/backups")) }
        func texts(_ chat: Int64) -> [String] { fake.sentMessages(chatID: chat).map(\.text) }
        func told(_ words: String) -> Int { texts(asked).filter { $0.contains(words) }.count }
        #expect(await eventually { told("свіжої копії") == 1 })
        let errors = bot.logs.filter { $0.hasPrefix("error") }.count
        #expect(await eventually { bot.logs.filter { $0.hasPrefix("error") }.count > errors + 3 })
        #expect(told("свіжої копії") == 1, "once for a run of failures: \(texts(asked))")

        try FileManager.default.removeItem(at: taken)
        #expect(await eventually { told("знову вдаються") == 1 })
        await bot.stop()
        #expect(told("свіжої копії") == 1)
        #expect(!texts(other).joined().contains("резервн"), "\(texts(other))")
    }
}
