import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Synchronization
import Testing

/// The Monobank feed of the built `kopiyka run` against the fake Bot API and the fake bank.
///
/// Issue 32, attack 2, with real process deaths: the fake bank's statement holds items dated at Int64.max, Int64.min and in year 10000 (in every window it
/// is asked for, as a bank gone wrong would send them) and a row that crashes the bot
/// (`KOPIYKA_FAULT_INJECTION=trap-on-text:☠`, matched in a row's description). The bot is
/// restarted after each death, as systemd would. Before, the window holding the crashing row
/// was given up whole after three deaths, the good rows beside it with it; now the window is
/// tried row by row after a death, the crashing row is given up alone (one error line), the
/// rest of the window is stored, the token stays, and another family is answered throughout.
///
/// Issue 32, attack 5: the bank hangs one member's calls; another member's feed and another
/// family's messages go on meanwhile.
@Suite(.serialized) struct BankFeedEndToEndTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    static let tarasToken = "vYr4wO9tUaQ1lMnX5sZc8dEf3gHi6kLb0pJv2uYs7fRx"
    let folder = TemporaryDirectory("monobank-feed-e2e")
    let fake = FakeBotAPI()
    /// The bank's clock moves a minute and more between calls: each restart's first call is
    /// then no second call within 60 s (which the bank would answer 429, backing the feed off).
    let bank: FakeMonobankAPI = {
        let calls = Mutex(0)
        return FakeMonobankAPI { Date().addingTimeInterval(61 * Double(calls.withLock { $0 += 1; return $0 })) }
    }()
    var databasePath: String { folder.path("kopiyka.sqlite") }
    let olha: Int64 = 841, taras: Int64 = 842, petro: Int64 = 843

    init() throws {
        try fake.start()
        try bank.start()
    }

    /// A household of its own for `chatID`, with `token` connected and its card followed,
    /// read to an hour ago; the bank knows the token. Returns the member's id.
    func connect(_ chatID: Int64, name: String, token: String = Self.token) throws -> Int64 {
        bank.add(token: token, FakeMonobankAPI.Client(name: name, accounts: [("acc-uah", 980, "537541******1234")]))
        let ledger = try Ledger(path: databasePath)
        let member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: chatID, name: name, language: "uk"), timeZone: kyiv)
        try ledger.transaction {
            _ = try ledger.monobank.connect(memberID: member.id, chatID: chatID, token: token, messageOutboxID: 0)
            try ledger.monobank.checked(memberID: member.id, accounts: [MonobankAccount(accountID: "acc-uah", kind: .card, label: "*1234",
                                                                                       currency: .uah)])
            let account = try #require(try ledger.monobank.accounts(memberID: member.id).first)
            _ = try ledger.monobank.toggle(accountRowID: account.id, memberID: member.id)
            try ledger.monobank.advance(memberID: member.id, accountID: "acc-uah", to: Date().addingTimeInterval(-3_600))
        }
        return member.id
    }

    func coffees(_ chatID: Int64) -> Int {
        fake.sentMessages(chatID: chatID).filter { $0.text.hasPrefix("✅ кава") }.count
    }

    @Test func aPoisonedFeedItemIsGivenUpAloneAndTheRestOfItsWindowIsStored() async throws {
        defer { fake.stop(); bank.stop() }
        let memberID = try connect(olha, name: "Оля")
        let now = Int64(Date().timeIntervalSince1970)
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
            #expect(try await supervisor.run(until: { coffees(taras) >= n }), "coffee \(n) unanswered: \(supervisor.stderr)")
        }
        // One more after it: handled once the window that gave the row up is stored.
        let last = sent + 1
        fake.enqueueMessage(chatID: taras, text: "кава \(last)", firstName: "Тарас")
        #expect(try await supervisor.run(until: { coffees(taras) >= last }))
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

    /// Оля's calls hang (the bank sends nothing); Тарас's purchase is read meanwhile, and
    /// Петро's coffees are answered. Оля's token stays: a call that timed out is no refusal.
    @Test func aHungBankCallHoldsNoOtherFamily() async throws {
        defer { fake.stop(); bank.stop() }
        _ = try connect(olha, name: "Оля")
        _ = try connect(taras, name: "Тарас", token: Self.tarasToken)
        bank.hang(token: Self.token)
        bank.post([.init(id: "t1", time: Int64(Date().timeIntervalSince1970) - 600, description: "АТБ", mcc: 5411, amount: -31_415)],
                  token: Self.tarasToken, account: "acc-uah")
        let bot = try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url,
                                         environment: ["MONOBANK_API_URL": bank.baseURL])
        #expect(await eventually { bank.hungCalls == 1 }, "Оля's call hangs")
        fake.enqueueMessage(chatID: petro, text: "кава 85", firstName: "Петро")
        #expect(await eventually(timeout: .seconds(10)) { coffees(petro) == 1 && !fake.sentMessages(chatID: taras).isEmpty },
                "\(fake.sentMessages(chatID: taras).map(\.text))")
        #expect(fake.sentMessages(chatID: taras).first?.text.hasPrefix("🏦 Монобанк — це який із ваших рахунків?") == true,
                "Тарас's purchase was read, and he is asked where it goes")
        #expect(bank.hungCalls == 1, "Оля's call still hangs")
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")
        let ledger = try Ledger(path: databasePath)
        #expect(try ledger.monobank.feedSources().compactMap(\.token).sorted() == [Self.token, Self.tarasToken].sorted())
        let tarass = try #require(try ledger.families.member(telegramUserID: taras)).householdID
        #expect(try ledger.entries.recent(householdID: tarass, limit: 5).map(\.note) == ["АТБ"])
        #expect(!bot.stderr.contains(Self.token) && !bot.stderr.contains(Self.tarasToken))
    }
}
