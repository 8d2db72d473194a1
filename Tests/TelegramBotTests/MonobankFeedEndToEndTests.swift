import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// A Monobank token connected in chat, on the fake Bot API and the fake bank, through the real
/// libcurl client: a month of statement comes in with no doubles of what was typed, then a new
/// purchase on a later poll reaches the family group, after a restart too. Every sleep of the
/// bot passes at once (`SkippingTime`), and the bank, on the same clock, refuses a second
/// call within a minute: none is refused.
@Suite(.serialized) struct MonobankFeedEndToEndTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let folder = TemporaryDirectory("monobank-feed")
    let fake = FakeBotAPI()
    let time = SkippingTime()
    let bank: FakeMonobankAPI
    let olha: Int64 = 701
    let group: Int64 = -100_701
    var path: String { folder.path("bot.sqlite") }

    init() throws {
        let time = time
        bank = FakeMonobankAPI(now: { time.now })
        try fake.start()
        try bank.start()
    }

    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    /// Оля's token at the bank, with her one card and what its statement holds.
    func addOlhasCard(_ items: [FakeMonobankAPI.Item]) {
        var client = FakeMonobankAPI.Client(name: "Оля", accounts: [("acc-uah", 980, "537541******1234")])
        client.statements["acc-uah"] = items
        bank.add(token: Self.token, client)
    }

    func start() throws -> RunningBot {
        try RunningBot(fake: fake, databasePath: path, monobankURL: bank.baseURL, botClock: time.botClock)
    }

    /// Forty purchases over the month before `testNow`, and the three Оля typed, each with
    /// its own amount so none is unsure.
    func month() -> [FakeMonobankAPI.Item] {
        let base = Int64(testNow.timeIntervalSince1970)
        var items = (1...40).map { n in
            FakeMonobankAPI.Item(id: "m\(n)", time: base - Int64(n) * 17 * 3_600, description: "Магазин \(n)", mcc: 5411,
                                 amount: -Int64(10_000 + n * 137))
        }
        items += [
            .init(id: "t1", time: base - 3 * 86_400, description: "SILPO", mcc: 5411, amount: -45_670),
            .init(id: "t2", time: base - 2 * 86_400, description: "UKLON", mcc: 4121, amount: -12_300),
            .init(id: "t3", time: base - 1 * 86_400, description: "AROMA KAVA", mcc: 5814, amount: -8_500),
        ]
        return items
    }

    func entryCount() throws -> Int {
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        return try ledger.entries.count(householdID: member.householdID)
    }

    @Test func aTokenConnectedInChatBringsTheMonthOnceThenNewPurchasesReachTheFamily() async throws {
        var client = FakeMonobankAPI.Client(name: "Оля", accounts: [("acc-uah", 980, "537541******1234")], jars: [("jar-1", "Відпустка", 980)])
        client.statements["acc-uah"] = month()
        bank.add(token: Self.token, client)
        var bot = try start()
        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "сільпо 456,70 18.11", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "таксі 123 19.11", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "кава 85 20.11", firstName: "Оля")
        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        #expect(await eventually { plain(group).first?.contains("сімейний чат") == true })
        fake.enqueueMessage(chatID: olha, text: "/monobank", firstName: "Оля")
        #expect(await eventually { plain(olha).last?.contains("api.monobank.ua") == true })
        fake.enqueueMessage(chatID: olha, text: Self.token, firstName: "Оля", messageID: 424_242)
        #expect(await eventually { fake.deletedMessages == [FakeDeletedMessage(chatID: olha, messageID: 424_242)] })
        #expect(await eventually { plain(olha).last?.contains("Монобанк підключено") == true })
        let list = try #require(fake.sentMessages(chatID: olha).last)
        let card = try #require(list.replyMarkup?.firstMatch(of: /mono:f:\d+/).map { String($0.output) })
        #expect(list.replyMarkup?.contains("*1234") == true && list.replyMarkup?.contains("Відпустка") == true)
        #expect(list.replyMarkup?.contains("537541") == false, "never more of the card number than its last four digits")
        fake.enqueueCallbackQuery(chatID: olha, messageID: list.messageID, data: card)
        #expect(await eventually { plain(olha).contains { $0.hasPrefix("🏦 Монобанк *1234: 43 операції") } })
        let summary = try #require(plain(olha).first { $0.hasPrefix("🏦 Монобанк *") })
        #expect(summary.contains("🔗 збіглися з вашими записами: 3") && summary.contains("➕ нових записів: 40"), "\(summary)")
        #expect(try entryCount() == 43, "three typed, forty from the bank, none twice")
        let familyPosts = plain(group).count

        bank.post([.init(id: "n1", time: Int64(time.now.timeIntervalSince1970) - 10, description: "АТБ", mcc: 5411, amount: -31_415)],
                  token: Self.token, account: "acc-uah")
        #expect(await eventually { plain(group).dropFirst(familyPosts).contains { $0.contains("АТБ") && $0.contains("314,15") } })
        #expect(try entryCount() == 44)

        await bot.stop()
        bot = try start()
        bank.post([.init(id: "n2", time: Int64(time.now.timeIntervalSince1970) - 10, description: "Novus", mcc: 5411, amount: -27_100)],
                  token: Self.token, account: "acc-uah")
        #expect(await eventually { plain(group).contains { $0.contains("Novus") } }, "the feed goes on after a restart")
        await bot.stop()
        #expect(try entryCount() == 45, "a restart neither skips nor doubles")
        #expect(!bank.requests.contains { $0.status == 429 }, "never a second call within a minute: \(bank.requests.map(\.path))")
        #expect(!bank.requests.contains { $0.path.contains("jar-1") }, "a jar not chosen is not read")
        #expect(!bot.logs.contains { $0.contains(Self.token) })
        #expect(!fake.requests(method: "sendMessage").contains { $0.parameters.values.contains { $0.contains(Self.token) } })
        fake.stop()
        bank.stop()
    }

    /// Оля starts, connects her token and follows her card; returns once its rows are summed up.
    func connectAndFollowTheCard() async throws {
        try await connectAndFollowTheCard(chatID: olha, token: Self.token, name: "Оля", card: "*1234")
    }

    /// A member starts in a household of their own, connects `token` and follows its first
    /// card (`card`: its last digits as the bot shows them); returns once its rows are summed up.
    func connectAndFollowTheCard(chatID: Int64, token: String, name: String, card: String) async throws {
        fake.enqueueMessage(chatID: chatID, text: "/start", firstName: name)
        fake.enqueueMessage(chatID: chatID, text: "/monobank \(token)", firstName: name)
        #expect(await eventually { plain(chatID).last?.contains("Монобанк підключено") == true })
        let list = try #require(fake.sentMessages(chatID: chatID).last)
        fake.enqueueCallbackQuery(chatID: chatID, messageID: list.messageID,
                                  data: try #require(list.replyMarkup?.firstMatch(of: /mono:f:\d+/).map { String($0.output) }))
        #expect(await eventually { plain(chatID).contains { $0.hasPrefix("🏦 Монобанк \(card)") } })
    }

    /// A fuel pre-authorisation read as a hold settles two days later for less, under the same
    /// id and time: the feed reads back to the open hold, the entry takes the settled amount,
    /// and Оля is told in one line.
    @Test func aHoldSettledDaysLaterCorrectsItsEntry() async throws {
        addOlhasCard(Array(month().prefix(1)))
        let bot = try start()
        try await connectAndFollowTheCard()
        bank.post([.init(id: "okko", time: Int64(time.now.timeIntervalSince1970) - 10, description: "АЗС ОККО", mcc: 5541,
                         amount: -150_000, hold: true)], token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount() == 2 })
        time.advance(by: .seconds(2 * 86_400))
        let reads = bank.requests.count
        #expect(await eventually { bank.requests.count >= reads + 2 }, "read twice since: the cursor is past the hold")
        bank.settle(id: "okko", amount: -143_218, token: Self.token, account: "acc-uah")
        #expect(await eventually { plain(olha).contains("🏦 Монобанк уточнив суму: АЗС ОККО 1 500 ₴ → 1 432,18 ₴") }, "\(plain(olha))")
        await bot.stop()
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        #expect(try ledger.entries.recent(householdID: member.householdID, limit: 5).map(\.amount.minorUnits).contains(143_218))
        #expect(try entryCount() == 2)
        fake.stop()
        bank.stop()
    }

    /// A card check of 0 ₴ in the month made an entry of 0, which the database refuses: every
    /// read of that window failed, the cursor never moved, and no purchase of the card came again.
    @Test func aZeroRowNeitherStopsTheFeedNorMakesAnEntry() async throws {
        let base = Int64(testNow.timeIntervalSince1970)
        addOlhasCard([
            .init(id: "m1", time: base - 5 * 86_400, description: "АТБ", mcc: 5411, amount: -31_415),
            .init(id: "check", time: base - 4 * 86_400, description: "Перевірка картки", mcc: 5999, amount: 0),
            .init(id: "m2", time: base - 3 * 86_400, description: "SILPO", mcc: 5411, amount: -45_670),
        ])
        let bot = try start()
        try await connectAndFollowTheCard()
        #expect(try entryCount() == 2)
        bank.post([.init(id: "n1", time: Int64(time.now.timeIntervalSince1970) - 10, description: "Novus", mcc: 5411, amount: -27_100)],
                  token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount() == 3 }, "the card's next purchase arrives")
        await bot.stop()
        let summary = plain(olha).first { $0.hasPrefix("🏦 Монобанк *") } ?? ""
        #expect(summary.contains("3 операції") && summary.contains("➕ нових записів: 2"), "\(summary)")
        #expect(!bot.logs.contains { $0.contains("not stored") }, "\(bot.logs.filter { $0.contains("not stored") })")
        fake.stop()
        bank.stop()
    }

    @Test func aTokenRevokedLaterIsToldOnceAndPollingStops() async throws {
        addOlhasCard(Array(month().prefix(2)))
        let bot = try start()
        try await connectAndFollowTheCard()
        bank.revoke(token: Self.token)
        #expect(await eventually { plain(olha).last?.contains("більше не приймає") == true })
        let calls = bank.requests.count
        time.advance(by: .seconds(3_600))
        try await Task.sleep(for: .milliseconds(300))
        await bot.stop()
        #expect(bank.requests.count == calls, "no call after the refusal")
        #expect(plain(olha).filter { $0.contains("більше не приймає") }.count == 1)
        #expect(try Ledger(path: path).monobank.feedSources().isEmpty)
        fake.stop()
        bank.stop()
    }
}
