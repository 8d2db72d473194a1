import EntryParsing
import KopiykaCore
import Testing

/// A currency word between two numbers (`50 EUR 2200`) is the first one's suffix and never also
/// the second one's prefix: lent to both, it gave the second number the first one's currency
/// and, marked too, the win as the larger (`квиток 50 EUR 2200 грн` was 2,200 EUR; a
/// reviewer's find).
@Suite struct CurrencyBetweenNumbersTests {
    /// `message => amount currency`: the number with the currency decides over a bare one, as
    /// `AmbiguousAmountTests` has it, and nothing is asked.
    static let decided: [(String, String, String)] = [
        ("готель 100 usd 4100", "100", "USD"), ("готель 100 $ 4100", "100", "USD"), ("кава 85 грн 120", "85", "UAH"),
        ("обед 250 руб 300", "250", "RUB"), ("lunch 25 eur 30", "25", "EUR"), ("готель usd 100 4100", "100", "USD"),
    ]

    @Test(arguments: decided) func aCurrencyBetweenTwoNumbersBelongsToTheFirst(_ row: (String, String, String)) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.count == 1, "\(row.0)")
        #expect(entries.first?.readings == [], "\(row.0)")
        #expect(entries.first?.amount == CurrencyBetweenNumbersTests.money("\(row.1) \(row.2)"), "\(row.0)")
    }

    /// `message => the readings, in message order, each in its own currency`: a price and its
    /// equivalent; which one was paid only the writer knows.
    static let asked: [(String, [String])] = [
        ("квиток 50 EUR 2200 грн", ["50 EUR", "2200 UAH"]), ("готель 100 $ 4100 грн", ["100 USD", "4100 UAH"]),
        ("готель $100 4100 грн", ["100 USD", "4100 UAH"]), ("готель 4100 грн 100 usd", ["4100 UAH", "100 USD"]),
        ("hotel 100 usd 4100 uah", ["100 USD", "4100 UAH"]),
    ]

    @Test(arguments: asked) func twoPricesInDifferentCurrenciesAreAsked(_ row: (String, [String])) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.count == 1, "\(row.0)")
        #expect(entries.first?.readings == row.1.compactMap(CurrencyBetweenNumbersTests.money), "\(row.0)")
    }

    /// `50 EUR`; nil for a malformed row, which then fails its comparison.
    private static func money(_ text: String) -> Money? {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 2, let currency = Currency(code: parts[1]) else { return nil }
        return Money(decimal: parts[0], currency: currency)
    }

    @Test func theNoteHoldsNeitherPriceNorCurrency() throws {
        let entry = try #require(try EntryParser().parse("квиток 50 EUR 2200 грн", today: today).get().first)
        #expect(entry.note == "квиток")
    }
}
