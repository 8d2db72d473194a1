import EntryParsing
import KopiykaCore
import Testing

/// Every example of the issue, verbatim.
@Suite struct ExamplesTests {
    static let table = MessageRow.rows("""
    кава 85 грн картка => expense 85.00 UAH cafe card 0 | кава
    +30000 зарплата => income 30000.00 UAH salary - 0 | зарплата
    $20 netflix => expense 20.00 USD subscriptions - 0 | netflix
    таксі 120 вчора => expense 120.00 UAH taxi - -1 | таксі
    кава вісімдесят пʼять гривень => expense 85.00 UAH cafe - 0 | кава
    кава 85 => expense 85.00 UAH cafe - 0 | кава
    85 кава => expense 85.00 UAH cafe - 0 | кава
    вчора таксі 120 картка => expense 120.00 UAH taxi card -1 | таксі
    кава 85 12.11 => expense 85.00 UAH cafe - 2026-11-12 | кава
    кава 12.11 => expense 12.11 UAH cafe - 0 | кава
    кава 85, таксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    привіт => no_amount
    кава => no_amount
    => empty
    ☕️🥐 => empty
    кава 0 => zero_amount
    кава 1e999 => amount_too_large
    кава 2000000000 => amount_too_large
    """)

    @Test(arguments: table) func example(_ row: MessageRow) { row.check() }

    @Test func whitespaceOnlyIsEmpty() {
        #expect(EntryParser().parse("  \n\t ", today: today) == .failure(.empty))
    }
}
