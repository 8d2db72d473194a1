import EntryParsing
import KopiykaCore
import Testing

/// Two numbers that could each be the price, and nothing to tell them apart: the parser offers
/// both (the bot then asks) instead of silently keeping the larger.
@Suite struct AmbiguousAmountTests {
    /// `message => the readings, in message order` (empty: one amount plainly wins).
    static let rows: [(String, [String])] = [
        // uk
        ("обід 250 300", ["250", "300", "250300"]), ("кава 85 120", ["85", "120", "85120"]),
        ("таксі 150 180", ["150", "180", "150180"]), ("ремонт 12 500", []), ("Сільпо 1 234", []), ("авто 250 000", []),
        ("Сільпо 456 1200", ["456", "1200"]), ("подарунок мамі 500 700", ["500", "700", "500700"]),
        ("2 кави 170", []), ("кава 85 грн 120", []), ("кава 85", []), ("обід о 13:30 240", []),
        ("Rozetka замовлення 48213377 2500", []), ("знижка 20% куртка 1800", []), ("кава 85 12.11", []),
        ("бензин 30 л 1650", []), ("3 піци 600", []),
        // ru
        ("обед 250 300", ["250", "300", "250300"]), ("такси 150 и 180", ["150", "180"]), ("продукты 456 1200", ["456", "1200"]),
        ("кофе 85 120", ["85", "120", "85120"]), ("2 кофе 170", []), ("обед 250 грн 300", []), ("скидка 20% куртка 1800", []),
        // en
        ("lunch 250 300", ["250", "300", "250300"]), ("coffee 85 and 120", ["85", "120"]), ("taxi 150 or 180", ["150", "180"]),
        ("groceries 456 1200", ["456", "1200"]), ("2 coffees 170", []), ("lunch $25 30", []), ("coffee 85", []),
        // Alternatives: `чи`, `або`, `или`, `or` between two amounts, whatever else marks them.
        ("таксі 140 чи 160", ["140", "160"]), ("обід 300 або 350 грн", ["300", "350"]), ("ліки 1 200 чи 1 500", ["1200", "1500"]),
        ("обед 320 или 380", ["320", "380"]), ("такси то ли 140 то ли 180", ["140", "180"]), ("uber 46 or 64", ["46", "64"]),
        ("лікар триста чи чотириста", ["300", "400"]), ("такси то ли 140, то ли 180, чек не взял", ["140", "180"]),
        ("ліки чи то 320, чи то 370", ["320", "370"]), ("taxi 46, or 64", ["46", "64"]),
        // A range before a scale word: either end may be what was paid.
        ("ремонт 2-3 тисячі", ["2000", "3000"]), ("ремонт 5-6k", ["5000", "6000"]), ("ремонт 2-3 тыс грн", ["2000", "3000"]),
        ("repair 2-3 thousand", ["2000", "3000"]), ("ремонт 2 тисячі", []),
    ]

    @Test(arguments: rows) func readings(_ row: (String, [String])) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.count == 1, "\(row.0)")
        #expect(entries.first?.readings == row.1.map { Money(decimal: $0, currency: entries[0].amount.currency)! }, "\(row.0)")
        if let last = row.1.last, row.1.count == 3 {
            #expect(entries.first?.amount == Money(decimal: last, currency: .uah), "grouped as before: \(row.0)")
        }
    }

    /// A conjunction with a word after it starts another entry (issue 12): nothing to ask.
    @Test(arguments: ["таксі 150 і ще 180", "кава 70 та круасан 55", "кофе 70 и круассан 55", "coffee 60 and cake 90"])
    func severalEntriesAreNotReadings(_ message: String) throws {
        let entries = try EntryParser().parse(message, today: today).get()
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.readings.isEmpty })
    }

    @Test func theNoteHoldsNeitherReading() throws {
        let entry = try #require(try EntryParser().parse("обід 250 300", today: today).get().first)
        #expect(entry.note == "обід")
    }
}
