import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// The bank answers 200 with something no one can read: a page, JSON cut short or nested
/// 5,000 deep, nothing, noise. A member waiting for their token's check is told so instead of
/// being left at «Перевіряю…»; a followed account's feed backs off and goes on when the bank
/// mends.
extension MonobankFeedEndToEndTests {
    @Test(arguments: FakeMonobankAPI.Unreadable.allCases)
    func aCheckAnsweredUnreadablyIsToldAndTheTokenMayBeSentAgain(_ body: FakeMonobankAPI.Unreadable) async throws {
        bank.add(token: Self.token, FakeMonobankAPI.Client(name: "Оля", accounts: [("acc-uah", 980, "537541******1234")]))
        bank.answerUnreadably(body)
        let bot = try start()
        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "/monobank \(Self.token)", firstName: "Оля")
        #expect(await eventually { plain(olha).contains { $0.hasPrefix("⚠️ Не вдалося прочитати відповідь Монобанку") } }, "\(plain(olha))")
        #expect(!plain(olha).contains { $0.contains("Перевіряю") }, "«Перевіряю…» is replaced, not left")
        #expect(try Ledger(path: path).monobank.feedSources().isEmpty, "the token is not kept")
        bank.answerUnreadably(nil)
        fake.enqueueMessage(chatID: olha, text: Self.token, firstName: "Оля")
        #expect(await eventually { plain(olha).last?.contains("Монобанк підключено") == true }, "sent again, it connects")
        await bot.stop()
        #expect(!bot.logs.contains { $0.contains(Self.token) })
        fake.stop()
        bank.stop()
    }

    @Test func aStatementAnsweredUnreadablyIsReadAgainLater() async throws {
        addOlhasCard(Array(month().prefix(1)))
        let bot = try start()
        try await connectAndFollowTheCard()
        bank.answerUnreadably(.deep)
        bank.post([.init(id: "n1", time: Int64(time.now.timeIntervalSince1970) - 10, description: "Novus", mcc: 5411, amount: -27_100)],
                  token: Self.token, account: "acc-uah")
        let before = bank.requests.count
        #expect(await eventually { bank.requests.count >= before + 3 }, "tried again")
        let start = time.now
        bank.answerUnreadably(nil)
        #expect(try await eventually { try entryCount() == 2 }, "the purchase arrives once the bank mends")
        #expect(time.now.timeIntervalSince(start) >= 120, "after a back-off, not at once")
        await bot.stop()
        #expect(bot.logs.contains { $0.contains("could not be read") })
        fake.stop()
        bank.stop()
    }
}
