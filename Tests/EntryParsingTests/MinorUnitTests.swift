import EntryParsing
import KopiykaCore
import Testing

/// The minor units after the currency, with `and` between them as speech puts it, and the
/// grosz of a złoty.
@Suite struct MinorUnitTests {
    @Test(arguments: [
        ("gas bill ninety seven zloty and fifty groszy", "97.50", Currency.pln), ("gas 97 zloty 50 groszy", "97.50", .pln),
        ("газ 97 гривень і 50 копійок", "97.50", .uah), ("бензин 56 рублей и 20 копеек", "56.20", Currency(code: "RUB")!),
    ])
    func amount(_ text: String, _ amount: String, _ currency: Currency) throws {
        let entries = try EntryParser().parse(text, today: LocalDate(year: 2026, month: 12, day: 7)!).get()
        #expect(entries.map(\.amount) == [Money(decimal: amount, currency: currency)!], "\(text)")
    }
}
