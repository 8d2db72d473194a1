import EntryParsing
import KopiykaCore
import Testing

/// Several entries and numbers that are not money in one message: a quantity, a time or a date
/// is neither an amount nor a boundary, and an arithmetic operand is neither a card nor an id.
@Suite struct MixedMessageTests {
    static let uk = MessageRow.rows("""
    кава 85 *1234 => expense 85.00 UAH cafe - 0 | кава *1234
    2 кг яблук 96 і 3 л молока 120 => expense 96.00 UAH groceries - 0 | 2 кг яблук ;; expense 120.00 UAH groceries - 0 | 3 л молока
    молоко 2 л 84 хліб 28 => expense 84.00 UAH groceries - 0 | молоко 2 л ;; expense 28.00 UAH groceries - 0 | хліб
    таксі 150 і 2 кави 170 => expense 150.00 UAH taxi - 0 | таксі ;; expense 170.00 UAH cafe - 0 | 2 кави
    обід о 13:30 240 і кава 60 => expense 240.00 UAH cafe - 0 | обід о 13:30 ;; expense 60.00 UAH cafe - 0 | кава
    таксі 120 12/11/2026 і кава 60 => expense 120.00 UAH taxi - 2026-11-12 | таксі ;; expense 60.00 UAH cafe - 2026-11-12 | кава
    бензин А-95 1200 і кава 60 => expense 1200.00 UAH fuel - 0 | бензин А-95 ;; expense 60.00 UAH cafe - 0 | кава
    United24 15 => expense 15.00 UAH donations - 0 | United24
    """)

    static let ru = MessageRow.rows("""
    кофе 85 *1234 => expense 85.00 UAH cafe - 0 | кофе *1234
    2 кг яблок 96 и 3 л молока 120 => expense 96.00 UAH groceries - 0 | 2 кг яблок ;; expense 120.00 UAH groceries - 0 | 3 л молока
    сыр 300 г 160 хлеб 30 => expense 160.00 UAH groceries - 0 | сыр 300 г ;; expense 30.00 UAH groceries - 0 | хлеб
    такси 150 и 2 кофе 170 => expense 150.00 UAH taxi - 0 | такси ;; expense 170.00 UAH cafe - 0 | 2 кофе
    """)

    static let en = MessageRow.rows("""
    coffee 85 *1234 => expense 85.00 UAH cafe - 0 | coffee *1234
    2 kg apples 96 and 3 l milk 120 => expense 96.00 UAH groceries - 0 | 2 kg apples ;; expense 120.00 UAH groceries - 0 | 3 l milk
    lunch at 13:30 240 and coffee 60 => expense 240.00 UAH cafe - 0 | lunch at 13:30 ;; expense 60.00 UAH cafe - 0 | coffee
    """)

    /// `message => each entry's amount and expression`.
    static let computed: [(String, [String])] = [
        ("кава 2*45 картка *1234", ["90.00 2×45"]), ("квитки 2*250 і таксі 180", ["500.00 2×250", "180.00 -"]),
        ("кофе 2*45 и такси 150", ["90.00 2×45", "150.00 -"]), ("coffee 2*45 and cake 90", ["90.00 2×45", "90.00 -"]),
        ("замовлення 48213377 2*450", ["900.00 2×450"]), ("обід 12/11/2026 2*45", ["90.00 2×45"]),
    ]

    @Test(arguments: computed) func computedAmounts(_ row: (String, [String])) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.map { "\($0.amount.decimalString) \($0.expression ?? "-")" } == row.1, "\(row.0)")
    }

    @Test(arguments: uk) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: ru) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: en) func english(_ row: MessageRow) { row.check() }
}
