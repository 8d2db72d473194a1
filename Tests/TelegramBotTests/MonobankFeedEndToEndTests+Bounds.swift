import Foundation
import KopiykaTestSupport
import Ledger
import SQLite
import TelegramBot
import Testing

/// Issue 32, attack 2: a bank answer with items no operation has (year 10000, `time` at
/// Int64.max or Int64.min, Int64.max kopiykas, 10¹² ₴), sent in every window whatever was
/// asked, crashed the bot on every start. Now they are skipped and logged, the good items of
/// the same window are stored, and the feed goes on, after a restart too. Storing a window
/// runs under the attempt rule: one that keeps failing is given up and read past.
extension MonobankFeedEndToEndTests {
    func badItems() -> [FakeMonobankAPI.Item] {
        let base = Int64(testNow.timeIntervalSince1970)
        return [
            .init(id: "y10000", time: 253_402_300_800, description: "Рік 10000", mcc: 5411, amount: -8_500, inEveryWindow: true),
            .init(id: "tmax", time: .max, description: "Int64.max", mcc: 5411, amount: -8_500, inEveryWindow: true),
            .init(id: "tmin", time: .min, description: "Int64.min", mcc: 5411, amount: -8_500, inEveryWindow: true),
            .init(id: "amax", time: base - 2 * 86_400, description: "Максимум", mcc: 5411, amount: .max),
            .init(id: "trillion", time: base - 2 * 86_400, description: "Трильйон", mcc: 5411, amount: -100_000_000_000_000),
        ]
    }

    func storedBankIDs() throws -> Set<String> {
        var ids: Set<String> = []
        try Connection(path: path).query("SELECT bank_id FROM bank_facts WHERE bank_id IS NOT NULL") { ids.insert($0.string(0)) }
        return ids
    }

    @Test func itemsPastTheBoundsAreSkippedAndTheWindowGoesOn() async throws {
        let base = Int64(testNow.timeIntervalSince1970)
        addOlhasCard([
            .init(id: "m1", time: base - 5 * 86_400, description: "АТБ", mcc: 5411, amount: -31_415),
            .init(id: "m2", time: base - 3 * 86_400, description: "SILPO", mcc: 5411, amount: -45_670),
        ] + badItems())
        var bot = try start()
        try await connectAndFollowTheCard()
        let summary = plain(olha).first { $0.hasPrefix("🏦 Монобанк *") } ?? ""
        #expect(summary.contains("2 операції") && summary.contains("➕ нових записів: 2"), "\(summary)")
        let skipped = bot.logs.filter { $0.contains("past the bounds of a bank row") }
        #expect(skipped.first?.contains("5 items") == true, "one line a window: \(skipped)")
        bank.post([.init(id: "n1", time: Int64(time.now.timeIntervalSince1970) - 10, description: "Novus", mcc: 5411, amount: -27_100)],
                  token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount() == 3 }, "the next window is read: the cursor moved past the bad items")

        await bot.stop()
        bot = try start()
        bank.post([.init(id: "n2", time: Int64(time.now.timeIntervalSince1970) - 10, description: "Фора", mcc: 5411, amount: -12_300)],
                  token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount() == 4 }, "the feed goes on after a restart")
        await bot.stop()
        #expect(try storedBankIDs() == ["m1", "m2", "n1", "n2"], "no bad item is ever stored")
        #expect(!bot.logs.contains { $0.contains("not stored") || $0.contains(Self.token) })
        fake.stop()
        bank.stop()
    }

    /// `throw-in-job:monobank` makes storing every window fail: the first window's attempts
    /// are counted in the database, the fourth gives it up (one error line) and moves the
    /// cursor past it, so the feed never loops on it for good.
    @Test func aWindowThatKeepsFailingIsGivenUpAndReadPast() async throws {
        addOlhasCard(Array(month().prefix(3)))
        let bot = try RunningBot(fake: fake, databasePath: path, faults: try #require(FaultInjection("throw-in-job:monobank")),
                                 monobankURL: bank.baseURL, botClock: time.botClock)
        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "/monobank \(Self.token)", firstName: "Оля")
        #expect(await eventually { plain(olha).last?.contains("Монобанк підключено") == true })
        let list = try #require(fake.sentMessages(chatID: olha).last)
        fake.enqueueCallbackQuery(chatID: olha, messageID: list.messageID,
                                  data: try #require(list.replyMarkup?.firstMatch(of: /mono:f:\d+/).map { String($0.output) }))
        #expect(await eventually { bot.logs.contains { $0.contains("gave up monobank") } }, "\(bot.logs)")
        await bot.stop()
        let gaveUp = bot.logs.filter { $0.contains("gave up monobank") }
        #expect(gaveUp.first?.contains("after 3 attempts") == true, "\(gaveUp)")
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        #expect(try ledger.monobank.accounts(memberID: member.id).first?.cursor != nil, "the cursor moved past the window")
        #expect(try entryCount() == 0, "the given-up window stored nothing")
        fake.stop()
        bank.stop()
    }
}
