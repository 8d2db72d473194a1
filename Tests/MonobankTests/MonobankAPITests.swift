import Banking
import Foundation
import HTTP
import KopiykaCore
import KopiykaTestSupport
@testable import Monobank
import Synchronization
import Testing

/// The client against the fake bank over loopback, through the real libcurl client.
@Suite(.serialized) final class MonobankAPITests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let clock = TestClock()
    let bank: FakeMonobankAPI
    let http = CurlHTTPClient(maxConnections: 1)

    init() throws {
        let clock = clock
        bank = FakeMonobankAPI(now: { clock.now })
        try bank.start()
        var client = FakeMonobankAPI.Client(name: "Оля Петренко", accounts: [("acc-uah", 980, "537541******1234"), ("acc-usd", 840, "444111******9876")],
                                            jars: [("jar-1", "На відпустку", 980)])
        client.statements["acc-uah"] = [
            FakeMonobankAPI.Item(id: "i1", time: 1_795_200_000, description: "Сільпо", mcc: 5411, amount: -45_670),
            FakeMonobankAPI.Item(id: "i2", time: 1_795_210_000, description: "Uklon", mcc: 4121, amount: -12_000, hold: true),
        ]
        bank.add(token: Self.token, client)
    }

    deinit {
        http.shutdown()
        bank.stop()
    }

    var api: MonobankAPI { MonobankAPI(token: Self.token, baseURL: bank.baseURL, http: http) }

    @Test func clientInfoListsAccountsMaskedAndJars() async throws {
        let info = try await api.clientInfo()
        #expect(info.name == "Оля Петренко")
        #expect(info.accounts.map(\.masked) == ["*1234", "*9876"])
        #expect(info.accounts.map(\.currency) == [.uah, .usd])
        #expect(info.jars.map(\.title) == ["На відпустку"])
        #expect(bank.requests.first?.token == Self.token, "the token travels in X-Token")
        #expect(bank.requests.first?.path == "/personal/client-info")
    }

    @Test func statementItemsBecomeFactsNewestFirst() async throws {
        let facts = try await api.statement(account: "acc-uah", from: Date(timeIntervalSince1970: 1_795_100_000),
                                            to: Date(timeIntervalSince1970: 1_795_248_000), currency: .uah)
        #expect(facts.map(\.bankID) == ["i2", "i1"])
        #expect(facts.map(\.identity) == ["monobank:id:i2", "monobank:id:i1"])
        #expect(facts[0].isHold && !facts[1].isHold)
        #expect(facts[1].amount == Money(minorUnits: -45_670, currency: .uah))
        #expect(facts[1].mcc == 5411 && facts[1].account == "acc-uah" && facts[1].description == "Сільпо")
    }

    @Test func aSecondCallWithinAMinuteIsRateLimited() async throws {
        _ = try await api.clientInfo()
        clock.advance(by: 59)
        await #expect(throws: MonobankError.rateLimited) { try await self.api.clientInfo() }
        clock.advance(by: 61)
        _ = try await api.clientInfo()
    }

    @Test func aRevokedTokenIsTokenRevokedAndAnEdgePageIsEdgeBlocked() async throws {
        bank.revoke(token: Self.token)
        await #expect(throws: MonobankError.tokenRevoked(status: 403)) { try await self.api.clientInfo() }
        bank.blockAtEdge(true)
        await #expect(throws: MonobankError.edgeBlocked) { try await self.api.clientInfo() }
    }

    @Test func noAnswerIsTransient() async throws {
        let nowhere = MonobankAPI(token: Self.token, baseURL: "http://127.0.0.1:1", http: http)
        await #expect(throws: MonobankError.self) { try await nowhere.clientInfo() }
        do {
            _ = try await nowhere.clientInfo()
        } catch {
            guard case .transient = error else { Issue.record("\(error)"); return }
        }
    }

    /// A 200 no one can read (a page, JSON cut short or nested 5,000 deep, nothing, noise, or
    /// 3 MB, ended past `maximumAnswerBytes` as it arrives) is
    /// `unreadable`, from client-info and a statement alike: never a crash, never a recursion
    /// as deep as the body, never an empty statement taken for "no operations".
    @Test(arguments: FakeMonobankAPI.Unreadable.allCases)
    func anAnswerThatCannotBeReadIsUnreadable(_ body: FakeMonobankAPI.Unreadable) async throws {
        bank.answerUnreadably(body)
        await #expect(throws: MonobankError.unreadable) { try await self.api.clientInfo() }
        clock.advance(by: 61)
        await #expect(throws: MonobankError.unreadable) {
            try await self.api.statement(account: "acc-uah", from: Date(timeIntervalSince1970: 1_795_100_000),
                                         to: Date(timeIntervalSince1970: 1_795_248_000))
        }
    }

    /// The token is in no error's description, and not in the client's own description.
    @Test func theTokenNeverShowsInAnErrorOrADescription() async throws {
        var texts = [String(describing: api), String(reflecting: api), "\(api)"]
        var dumped = ""
        dump(api, to: &dumped)
        texts.append(dumped)
        for failure in [{ self.bank.revoke(token: Self.token) }, { self.bank.blockAtEdge(true) }] {
            failure()
            clock.advance(by: 61)
            do { _ = try await api.clientInfo() } catch { texts += [String(describing: error), String(reflecting: error)] }
        }
        let nowhere = MonobankAPI(token: Self.token, baseURL: "http://127.0.0.1:1", http: http)
        do { _ = try await nowhere.clientInfo() } catch { texts.append(String(describing: error)) }
        #expect(texts.count == 9)
        for text in texts { #expect(!text.contains(Self.token), "\(text)") }
    }

    /// A field of another type or missing reads as nil; only an item without an id or a time is dropped.
    @Test func answersAreReadLeniently() throws {
        let json = Data("""
            [{"id": "a", "time": 1795200000, "amount": "not a number", "mcc": null},
             {"time": 1795200001, "amount": -100},
             {"id": "c", "time": 1795200002, "amount": -250, "operationAmount": -600, "currencyCode": 980, "originalMcc": 5814, "mcc": 5812}]
            """.utf8)
        let items = try JSONDecoder().decode([Lenient<StatementItem>].self, from: json).compactMap(\.value)
        #expect(items.map(\.id) == ["a", "c"])
        let fact = items[1].fact(account: "x", accountCurrency: .uah)
        #expect(fact.mcc == 5814, "the merchant's own MCC wins")
        #expect(fact.operationAmount == nil, "another currency the API does not name is left out, not labelled UAH")
        let dollars = items[1].fact(account: "x", accountCurrency: .usd)
        #expect(dollars.operationAmount == Money(minorUnits: -600, currency: .uah), "an item code unlike the account's names the operation's")
        let info = try JSONDecoder().decode(ClientInfo.self, from: Data(#"{"accounts": [{"id": "a", "currencyCode": "980"}, 5, {"id": "b"}]}"#.utf8))
        #expect(info.accounts.map(\.id) == ["a", "b"])
        #expect(info.jars.isEmpty && info.name == nil)
    }
}

extension MonobankAPITests {
    /// Issue 32, attack 2: items no operation has are dropped before anything converts them,
    /// and named for the log; the rest of the answer is read.
    @Test func itemsPastTheBoundsOfABankRowAreSkipped() async throws {
        let inside: Int64 = 1_795_200_500
        bank.post([
            FakeMonobankAPI.Item(id: "y10000", time: 253_402_300_800, description: "Рік 10000", mcc: 5411, amount: -8_500, inEveryWindow: true),
            FakeMonobankAPI.Item(id: "tmax", time: .max, description: "max", mcc: 5411, amount: -8_500, inEveryWindow: true),
            FakeMonobankAPI.Item(id: "tmin", time: .min, description: "min", mcc: 5411, amount: -8_500, inEveryWindow: true),
            FakeMonobankAPI.Item(id: "amax", time: inside, description: "Максимум", mcc: 5411, amount: .max),
            FakeMonobankAPI.Item(id: "amin", time: inside, description: "Мінімум", mcc: 5411, amount: .min),
            FakeMonobankAPI.Item(id: "trillion", time: inside, description: "Трильйон", mcc: 5411, amount: -100_000_000_000_000),
        ], token: Self.token, account: "acc-uah")
        let (from, to) = (Date(timeIntervalSince1970: 1_795_100_000), Date(timeIntervalSince1970: 1_795_248_000))
        let facts = try await api.statement(account: "acc-uah", from: from, to: to, currency: .uah)
        #expect(facts.map(\.bankID) == ["i2", "i1"])
        clock.advance(by: 60)
        let page = try await api.statementPage(account: "acc-uah", from: from, to: to, currency: .uah)
        #expect(Set(page.skipped) == ["y10000", "tmax", "tmin", "amax", "amin", "trillion"])
        #expect(page.itemCount == 8, "a full page is judged by what the bank sent")
    }
}
