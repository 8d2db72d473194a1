import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// The bank hangs one token's calls. They ran one at a time: every other family's feed waited
/// the hung call's whole timeout (30 s) at each of its turns. Now calls of different tokens run
/// at once, and a call that times out is a failure its token backs off from, never a refusal.
extension MonobankFeedEndToEndTests {
    static let tarasToken = "vYr4wO9tUaQ1lMnX5sZc8dEf3gHi6kLb0pJv2uYs7fRx"
    var taras: Int64 { 702 }

    func entryCount(of chatID: Int64) throws -> Int {
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: chatID))
        return try ledger.entries.count(householdID: member.householdID)
    }

    func purchase(_ id: String, _ description: String, amount: Int64) -> FakeMonobankAPI.Item {
        .init(id: id, time: Int64(time.now.timeIntervalSince1970) - 10, description: description, mcc: 5411, amount: amount)
    }

    @Test func aHungCallHoldsNoOtherFamilysFeed() async throws {
        addOlhasCard(Array(month().prefix(1)))
        var tarass = FakeMonobankAPI.Client(name: "Тарас", accounts: [("acc-t", 980, "444111******5678")])
        tarass.statements["acc-t"] = Array(month().suffix(1))
        bank.add(token: Self.tarasToken, tarass)
        let bot = try start()
        try await connectAndFollowTheCard()
        try await connectAndFollowTheCard(chatID: taras, token: Self.tarasToken, name: "Тарас", card: "*5678")
        bank.hang(token: Self.token)
        #expect(await eventually { bank.hungCalls == 1 }, "Оля's next call hangs")
        bank.post([purchase("t1", "АТБ", amount: -31_415)], token: Self.tarasToken, account: "acc-t")
        #expect(try await eventually(timeout: .seconds(10)) { try entryCount(of: taras) == 2 }, "Тарас's purchase comes meanwhile")
        #expect(try bank.hungCalls == 1 && entryCount(of: olha) == 1)
        bank.release(token: Self.token)
        bank.post([purchase("o1", "Novus", amount: -27_100)], token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount(of: olha) == 2 }, "Оля's feed goes on once the bank answers")
        await bot.stop()
        #expect(!plain(olha).contains { $0.contains("більше не приймає") })
        #expect(!bank.requests.contains { $0.status == 429 }, "\(bank.requests.map(\.path))")
        #expect(!bot.logs.contains { $0.contains(Self.token) || $0.contains(Self.tarasToken) })
        fake.stop()
        bank.stop()
    }

    @Test func aCallThatTimesOutBacksOffAndKeepsItsToken() async throws {
        addOlhasCard(Array(month().prefix(1)))
        let bot = try RunningBot(fake: fake, databasePath: path, monobankURL: bank.baseURL, botClock: time.botClock) {
            $0.monobankTimeout = .seconds(1)
        }
        try await connectAndFollowTheCard()
        bank.hang(token: Self.token)
        #expect(await eventually(timeout: .seconds(15)) { bank.hungCalls >= 2 }, "timed out, then asked again")
        let failures = bot.logs.filter { $0.contains("monobank, member") }
        #expect(!failures.isEmpty && failures.allSatisfy { $0.contains("did not answer: timedOut") }, "\(failures)")
        #expect(try Ledger(path: path).monobank.feedSources().count == 1, "the token is kept")
        bank.release(token: Self.token)
        bank.post([purchase("o1", "Novus", amount: -27_100)], token: Self.token, account: "acc-uah")
        #expect(try await eventually { try entryCount(of: olha) == 2 })
        await bot.stop()
        #expect(!plain(olha).contains { $0.contains("більше не приймає") })
        fake.stop()
        bank.stop()
    }
}
