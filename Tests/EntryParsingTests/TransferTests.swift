import EntryParsing
import FoundationEssentials
import KopiykaCore
import Testing

private let household = AccountNames([("Ощад", "own.5"), ("депозит", "own.6"), ("кредитка", "own.7"),
                                      ("чорна картка", "own.8"), ("savings", "own.9"), ("кава", "own.10")])

private func transfer(_ text: String) -> ParsedTransfer? {
    EntryParser().transfer(text, today: today, accounts: household)
}

private func uah(_ major: Int64) -> Money { Money(major: major, currency: .uah) }

/// `message => kind from→to amount [received]`, nil sides as `-`.
@Suite struct TransferTests {
    static let transfers: [(String, ParsedTransfer.Kind, AccountKey?, AccountKey?, Money)] = [
        ("зняв готівку 2000", .withdrawal, nil, .cash, uah(2000)),
        ("зняла 2000 готівкою з картки", .withdrawal, .card, .cash, uah(2000)),
        ("зняв з Ощаду 500", .withdrawal, "own.5", .cash, uah(500)),
        ("переказ 5000 на депозит", .transfer, nil, "own.6", uah(5000)),
        ("переказала з картки на депозит 5000", .transfer, .card, "own.6", uah(5000)),
        ("поповнив моно з привату 3000", .topUp, .privatbank, .monobank, uah(3000)),
        ("поповнила кредитку 1200", .topUp, nil, "own.7", uah(1200)),
        ("поклав на депозит 5000", .deposit, nil, "own.6", uah(5000)),
        ("переказ з чорної картки на Ощад 700", .transfer, "own.8", "own.5", uah(700)),
        ("вчора зняв готівку в банкоматі 1000", .withdrawal, nil, .cash, uah(1000)),
        ("снял наличные 2000", .withdrawal, nil, .cash, uah(2000)),
        ("перевел 5000 на депозит", .transfer, nil, "own.6", uah(5000)),
        ("пополнил моно с привата 3000", .topUp, .privatbank, .monobank, uah(3000)),
        ("withdrew cash 2000", .withdrawal, nil, .cash, uah(2000)),
        ("transfer 5000 to savings", .transfer, nil, "own.9", uah(5000)),
        ("topped up mono from privat 3000", .topUp, .privatbank, .monobank, uah(3000)),
    ]

    @Test(arguments: transfers)
    func readsATransfer(_ row: (String, ParsedTransfer.Kind, AccountKey?, AccountKey?, Money)) throws {
        let found = try #require(transfer(row.0), "\(row.0)")
        #expect(found.kind == row.1, "\(row.0)")
        #expect(found.from == row.2, "\(row.0)")
        #expect(found.to == row.3, "\(row.0)")
        #expect(found.amount == row.4, "\(row.0)")
        #expect(found.received == row.4, "\(row.0)")
        #expect(EntryParser().mayBeTransfer(row.0), "\(row.0)")
    }

    /// What rules a message out before its accounts are read never rules out a transfer.
    @Test func aTransferIsNeverRuledOutByItsVerbCheck() {
        let words = ["зняв", "ЗНЯЛА", "переказ", "перека\u{301}з", "пepeкaз", "поповнив", "поклав", "обміняв", "снял",
                     "withdrew", "transfer", "topped", "up", "готівку", "з", "на", "картки", "депозит", "Ощаду", "моно",
                     "привату", "кава", "$", "по", "41,3", "2000", "500", "вчора", ",", "-"]
        var generator = SplitMix64(seed: 2026)
        var found = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
            guard transfer(text) != nil else { continue }
            found += 1
            #expect(EntryParser().mayBeTransfer(text), "\(text)")
        }
        #expect(found > 50, "the words make transfers")
        #expect(!EntryParser().mayBeTransfer("кава 85 грн картка"))
    }

    @Test func anExchangeGivesBothSidesExactly() throws {
        let sold = try #require(transfer("обміняв 400 $ по 41,3"))
        #expect(sold.amount == Money(minorUnits: 40_000, currency: .usd))
        #expect(sold.received == Money(minorUnits: 1_652_000, currency: .uah))
        #expect(sold.rate == "41,3")
        let russian = try #require(transfer("обменял 100 евро по 48,25"))
        #expect(russian.received == Money(minorUnits: 482_500, currency: .uah))
        let english = try #require(transfer("exchanged $400 at 41.3"))
        #expect(english.received == uah(16_520))
        let bought = try #require(transfer("обміняв 16520 грн на долари по 41,3"))
        #expect(bought.amount == uah(16_520))
        #expect(bought.received == Money(minorUnits: 40_000, currency: .usd))
        let rounded = try #require(transfer("обміняв 1 $ по 41,335"))
        #expect(try #require(transfer("обміняв 400 $ по 41,335")).received == Money(minorUnits: 1_653_400, currency: .uah))
        #expect(rounded.received == Money(minorUnits: 4_134, currency: .uah))
    }

    /// The verb is looked for in the words as the reader folds them, before anything else is
    /// read: in any case, with a stress mark, with Latin lookalikes typed mid-word.
    @Test(arguments: [
        ("ЗНЯВ ГОТІВКУ 2000", ParsedTransfer.Kind.withdrawal), ("Переказ 5000 на депозит", .transfer),
        ("пepeкaз 5000 на депозит", .transfer), ("перека\u{301}з 5000 на депозит", .transfer),
        ("Пополнил моно с привата 3000", .topUp), ("OБMIHЯB 400 $ по 41,3", .exchange),
    ])
    func aVerbIsFoundAsTheWordsAreRead(_ row: (String, ParsedTransfer.Kind)) {
        #expect(transfer(row.0)?.kind == row.1, "\(row.0)")
    }

    @Test func anExchangeWithoutARateOrPastTheBoundsIsNoTransfer() {
        #expect(transfer("обміняв 400 $") == nil)
        #expect(transfer("обміняв 1000000000 $ по 41,3") == nil)
        #expect(transfer("обміняв 400 $ по 0") == nil)
    }

    /// A purchase stays a purchase: the message holds a word a transfer never needs, or no
    /// transfer verb, or names no account of the member's.
    @Test(arguments: [
        "зняв квартиру 12000", "кава на картці 85", "переказ мамі 500", "переказ 5000", "зняв 2000",
        "переказав мені 500 на картку", "переказ від мами 500 на картку", "поповнив телефон 100 з картки",
        "поклав на телефон 100", "зняли кіно на картку 300", "+5000 переказ на картку", "зняв готівку 2000, кава 85",
        "переказ 5000 на депозит під 15%", "переказав з картки на картку 100", "обміняв 400 $ на кава по 41,3",
        "пополнил телефон 100", "withdrew 2000 for rent", "зняв готівку 2000 3000",
    ])
    func aPurchaseIsNoTransfer(_ text: String) {
        #expect(transfer(text) == nil, "\(text)")
    }

    @Test func anOwnNameIsFoundInAnyWordForm() throws {
        for text in ["кава 85 з Ощаду", "кава 85 Ощадом", "кава 85 на Ощаді"] {
            guard case .success(let entries) = EntryParser().parse(text, today: today, accounts: household) else {
                Issue.record("\(text)")
                continue
            }
            #expect(entries.map(\.account) == ["own.5"], "\(text)")
            #expect(entries.map(\.category) == ["cafe"], "\(text)")
        }
        guard case .success(let credit) = EntryParser().parse("таксі 120 кредиткою", today: today, accounts: household) else {
            Issue.record("кредиткою")
            return
        }
        #expect(credit.map(\.account) == ["own.7"])
    }

    /// A name that is also an ordinary word never takes its meaning: `кава` stays a coffee,
    /// and names that look like money never change the amount.
    @Test func aNameNeverStealsAnOrdinaryWord() throws {
        let names = AccountNames([("кава", "own.1"), ("сто", "own.2"), ("грн", "own.3"), ("вчора", "own.4"), ("к", "own.5")])
        for (text, minor) in [("кава 85", 8_500), ("сто гривень кава", 10_000), ("кава 2к", 200_000), ("вчора таксі 120", 12_000)] {
            guard case .success(let entries) = EntryParser().parse(text, today: today, accounts: names) else {
                Issue.record("\(text)")
                continue
            }
            #expect(entries.map(\.amount.minorUnits) == [Int64(minor)], "\(text)")
            #expect(entries.allSatisfy { $0.account == nil }, "\(text)")
        }
        #expect(!AccountNames.isRecognizable("кава"))
        #expect(!AccountNames.isRecognizable("100"))
        #expect(AccountNames.isRecognizable("Ощад"))
    }
}
