import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import TelegramBot
import Testing

/// Issue 10 item 1 in process, with faults that throw (a trap would end the test runner;
/// `CrashLoopTests` traps the real binary): an update or job that fails three times is
/// given up alone, its sender told in their language, the log told once.
@Suite(.serialized) struct CrashContainmentTests {
    let folder = TemporaryDirectory("containment")
    let fake = FakeBotAPI()
    let catalog = try! Catalog.load()
    var path: String { folder.path("bot.sqlite") }

    init() throws { try fake.start() }

    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func errors(_ bot: RunningBot) -> [String] { bot.logs.filter { $0.hasPrefix("error") } }

    @Test func aMessageThatFailsEveryTimeIsSkippedWithAnApologyInItsSendersLanguage() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path, faults: try #require(FaultInjection("throw-on-text:💥")))
        fake.enqueueMessage(chatID: 601, text: "кава 85")
        let poisoned = fake.enqueueMessage(chatID: 602, text: "хлеб 💥 40", messageID: 77, languageCode: "ru")
        fake.enqueueMessage(chatID: 603, text: "taxi 120", languageCode: "en")
        #expect(await eventually { plain(602).count == 1 && plain(603).count == 2 && plain(601).count == 2 })
        #expect(plain(602) == [catalog[.ru]("update.skipped")])
        #expect(fake.sentMessages(chatID: 602).first?.replyToMessageID == 77)
        #expect(plain(601).last?.hasPrefix("✅ кава · 85 ₴") == true)
        #expect(plain(603).last?.hasPrefix("✅ taxi") == true)
        #expect(await eventually { fake.confirmedOffset > poisoned + 1 })
        let given = errors(bot)
        #expect(given.count == 1, "\(given)")
        #expect(given.first?.contains("update \(poisoned) after 3 attempts") == true)

        // The bot goes on, for that chat too.
        fake.enqueueMessage(chatID: 602, text: "кофе 50", languageCode: "ru")
        #expect(await eventually { plain(602).count == 3 })
        #expect(plain(602).last?.hasPrefix("✅ кофе · 50 ₴") == true)
        await bot.stop()
        let ledger = try Ledger(path: path)
        for chat: Int64 in [601, 602, 603] {
            let member = try #require(try ledger.families.member(telegramUserID: chat))
            #expect(try ledger.entries.count(householdID: member.householdID) == 1)
        }
        #expect(try ledger.botState.attemptCount(.update(poisoned)) == 0)
        fake.stop()
    }

    @Test func aMembersStoredLanguageWinsOverTelegrams() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path, faults: try #require(FaultInjection("throw-on-text:💥")))
        fake.enqueueMessage(chatID: 604, text: "/lang en")
        #expect(await eventually { plain(604).count >= 2 })
        let before = plain(604).count
        fake.enqueueMessage(chatID: 604, text: "кава 💥 85", languageCode: "uk")
        #expect(await eventually { plain(604).count == before + 1 })
        #expect(plain(604).last == catalog[.en]("update.skipped"))
        await bot.stop()
        fake.stop()
    }

    /// Three deaths in a digest leave its count at 3 (what `AttemptRuleTests` checks); the
    /// next start gives that digest up, and the other family's digest goes out.
    @Test func aJobThatDiedThreeTimesIsGivenUpAndTheOthersGoOn() async throws {
        let clock = TestClock()
        let (doomed, fine): (Int64, Int64) = (-1_001, -1_002)
        let households = try families(groups: [doomed, fine], clock: clock)
        let key = AttemptKey(kind: "digest", subject: households[0], period: "2026-11-21")
        let rule = AttemptRule(ledger: try Ledger(path: path, clock: clock.wallClock))
        struct Died: Error {}
        for _ in 0..<3 { _ = try? rule.run(key, giveUp: { _ in }) { throw Died() } }
        clock.set(Date(timeIntervalSince1970: 1_795_291_200 + 1_800))  // 21:30 in Kyiv

        let bot = try RunningBot(fake: fake, databasePath: path, clock: clock.wallClock)
        #expect(await eventually { plain(fine).count == 1 })
        #expect(plain(fine).first?.contains("85 ₴") == true)
        #expect(await eventually { errors(bot).count == 1 })
        #expect(errors(bot).first?.contains("digest \(households[0]) 2026-11-21 after 3 attempts") == true)
        try await Task.sleep(for: .milliseconds(200))
        #expect(plain(doomed).isEmpty)
        await bot.stop()
        let ledger = try Ledger(path: path)
        #expect(try ledger.jobs.isScheduleClaimed("digest", period: "2026-11-21", householdID: households[0]))
        #expect(try ledger.botState.attemptCount(key) == 0)
        fake.stop()
    }

    @Test func anExportThatKeepsFailingIsGivenUpAndSaysSo() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path, faults: try #require(FaultInjection("throw-in-job:export")))
        fake.enqueueMessage(chatID: 605, text: "кава 85")
        fake.enqueueMessage(chatID: 605, text: "/export")
        #expect(await eventually { errors(bot).count == 1 })
        #expect(errors(bot).first?.contains("after 3 attempts") == true)
        #expect(await eventually { plain(605).last == catalog[.uk]("export.failed") })
        #expect(bot.logs.filter { $0.hasPrefix("warning") && $0.contains("export") }.count == 3)
        fake.enqueueMessage(chatID: 605, text: "таксі 120")
        #expect(await eventually { plain(605).last?.hasPrefix("✅ таксі") == true })
        await bot.stop()
        #expect(try Ledger(path: path).jobs.unfinishedExports().isEmpty)
        fake.stop()
    }

    /// Households with a family group each and one entry of 85 ₴ today; returns their ids.
    private func families(groups: [Int64], clock: TestClock) throws -> [Int64] {
        let ledger = try Ledger(path: path, clock: clock.wallClock)
        return try groups.enumerated().map { index, group in
            let owner = try ledger.families.createHousehold(
                owner: Newcomer(telegramUserID: Int64(900 + index), name: "Оля", language: "uk"), timeZone: kyiv)
            try ledger.families.linkFamilyChat(group, threadID: nil, householdID: owner.householdID)
            _ = try ledger.entries.add([NewEntry(kind: .expense, amount: Money(major: 85, currency: .uah), category: "cafe",
                                         account: nil, date: LocalDate(testNow, in: kyiv), note: "кава",
                                         originalText: "кава 85")], by: owner)
            return owner.householdID
        }
    }
}
