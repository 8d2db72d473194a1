import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Synchronization
import Testing

/// Issue 32, attack 2, on the built `kopiyka run` with real process deaths: the fake bank's
/// statement holds items dated at Int64.max, Int64.min and in year 10000 (in every window it
/// is asked for, as a bank gone wrong would send them) and a row that crashes the bot
/// (`KOPIYKA_FAULT_INJECTION=trap-on-text:☠`, matched in a row's description). The bot is
/// restarted after each death, as systemd would. Before, the window holding the crashing row
/// was given up whole after three deaths, the good rows beside it with it; now the window is
/// tried row by row after a death, the crashing row is given up alone (one error line), the
/// rest of the window is stored, the token stays, and another family is answered throughout.
@Suite(.serialized) struct PoisonedFeedEndToEndTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let folder = TemporaryDirectory("monobank-feed-e2e")
    let fake = FakeBotAPI()
    /// The bank's clock moves a minute and more between calls: each restart's first call is
    /// then no second call within 60 s (which the bank would answer 429, backing the feed off).
    let bank: FakeMonobankAPI = {
        let calls = Mutex(0)
        return FakeMonobankAPI { Date().addingTimeInterval(61 * Double(calls.withLock { $0 += 1; return $0 })) }
    }()
    var databasePath: String { folder.path("kopiyka.sqlite") }
    let olha: Int64 = 841, taras: Int64 = 842

    init() throws {
        try fake.start()
        try bank.start()
    }

    /// Оля's household with her token connected and her card followed, read to an hour ago.
    func connectOlha() throws -> Int64 {
        let ledger = try Ledger(path: databasePath)
        let member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: olha, name: "Оля", language: "uk"), timeZone: kyiv)
        try ledger.transaction {
            _ = try ledger.monobank.connect(memberID: member.id, chatID: olha, token: Self.token, messageOutboxID: 0)
            try ledger.monobank.checked(memberID: member.id, accounts: [MonobankAccount(accountID: "acc-uah", kind: .card, label: "*1234",
                                                                                       currency: .uah)])
            let account = try #require(try ledger.monobank.accounts(memberID: member.id).first)
            _ = try ledger.monobank.toggle(accountRowID: account.id, memberID: member.id)
            try ledger.monobank.advance(memberID: member.id, accountID: "acc-uah", to: Date().addingTimeInterval(-3_600))
        }
        return member.id
    }

    func coffees() -> Int {
        fake.sentMessages(chatID: taras).filter { $0.text.hasPrefix("✅ кава") }.count
    }

    @Test func aPoisonedFeedItemIsGivenUpAloneAndTheRestOfItsWindowIsStored() async throws {
        defer { fake.stop(); bank.stop() }
        let memberID = try connectOlha()
        let now = Int64(Date().timeIntervalSince1970)
        bank.add(token: Self.token, FakeMonobankAPI.Client(name: "Оля", accounts: [("acc-uah", 980, "537541******1234")]))
        bank.post([
            .init(id: "good-1", time: now - 3 * 3_600, description: "Сільпо", mcc: 5411, amount: -41_200),
            .init(id: "poison", time: now - 2 * 3_600, description: "☠ Отрута", mcc: 5411, amount: -5_000),
            .init(id: "good-2", time: now - 3_600, description: "АТБ", mcc: 5411, amount: -20_000),
            .init(id: "int64-max", time: .max, description: "Безкінечність", mcc: 5411, amount: -100, inEveryWindow: true),
            .init(id: "int64-min", time: .min, description: "Початок", mcc: 5411, amount: -100, inEveryWindow: true),
            .init(id: "year-10000", time: 253_402_300_800, description: "Рік 10000", mcc: 5411, amount: -100, inEveryWindow: true),
        ], token: Self.token, account: "acc-uah")
        fake.enqueueMessage(chatID: taras, text: "/start", firstName: "Тарас")
        let supervisor = try Supervisor {
            try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url, environment: [
                "MONOBANK_API_URL": bank.baseURL, "KOPIYKA_FAULT_INJECTION": "trap-on-text:☠", "SWIFT_BACKTRACE": "enable=no",
            ])
        }
        // Тарас's coffees, one at a time, through every death and restart, until the row is given up.
        var sent = 0
        while !supervisor.stderr.contains("gave up monobank-row"), sent < 60 {
            sent += 1
            fake.enqueueMessage(chatID: taras, text: "кава \(sent)", firstName: "Тарас")
            let n = sent
            #expect(try await supervisor.run(until: { coffees() >= n }), "coffee \(n) unanswered: \(supervisor.stderr)")
        }
        // One more after it: handled once the window that gave the row up is stored.
        let last = sent + 1
        fake.enqueueMessage(chatID: taras, text: "кава \(last)", firstName: "Тарас")
        #expect(try await supervisor.run(until: { coffees() >= last }))
        let deaths = supervisor.deaths
        let bot = supervisor.current
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")

        // One death in the window, three in the row alone; then it runs on.
        #expect(deaths.count == 4 && deaths.allSatisfy { if case .signalled = $0 { true } else { false } }, "\(deaths)")
        let errors = supervisor.stderr.split(separator: "\n").filter { $0.contains("ERROR") }
        #expect(errors.count == 1 && errors.first?.contains("gave up monobank-row \(memberID) acc-uah poison after 3 attempts") == true,
                "\(errors)")
        #expect(supervisor.stderr.contains("3 items past the bounds of a bank row skipped"), "\(supervisor.stderr)")
        #expect(!supervisor.stderr.contains(Self.token))
        let ledger = try Ledger(path: databasePath)
        #expect(try ledger.monobank.feedSources().map(\.token) == [Self.token], "the token stays")
        let olhas = try #require(try ledger.families.member(id: memberID))
        let notes = try ledger.entries.recent(householdID: olhas.householdID, limit: 10).map(\.note)
        #expect(Set(notes) == ["Сільпо", "АТБ"], "the rest of the window is stored, the poisoned row not: \(notes)")
        let tarasHousehold = try #require(try ledger.families.member(telegramUserID: taras)).householdID
        #expect(try ledger.entries.count(householdID: tarasHousehold) == last, "each coffee stored once")
        print("a poisoned feed row: \(deaths.count) deaths, \(last) coffees of another family answered through them")
    }
}
