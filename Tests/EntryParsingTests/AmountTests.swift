import EntryParsing
import FoundationEssentials
import KopiykaCore
import Testing

/// `message => amount currency`: only the amount is checked.
struct AmountRow: CustomTestStringConvertible, Sendable {
    let message: String
    let amount: String
    let currency: String
    var testDescription: String { message }

    static func rows(_ table: String) -> [AmountRow] {
        table.split(separator: "\n").compactMap { line in
            let halves = line.components(separatedBy: " => ")
            guard halves.count == 2 else { return nil }
            let fields = halves[1].split(separator: " ").map(String.init)
            return AmountRow(message: halves[0].trimmingPrefixSpaces, amount: fields[0], currency: fields.count > 1 ? fields[1] : "UAH")
        }
    }

    func check() {
        let result = EntryParser().parse(message, today: today)
        let currency = Currency(code: currency)!
        let wanted = Money(decimal: amount, currency: currency)!
        guard case .success(let entries) = result, let first = entries.first else {
            Issue.record("\(message) → \(result)")
            return
        }
        #expect(first.amount == wanted, "\(message)")
    }
}

extension String {
    var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}

@Suite struct AmountTests {
    static let digits = AmountRow.rows("""
    кава 85 => 85
    кава 85.50 => 85.50
    кава 85,50 => 85.50
    кава 85,5 => 85.50
    кава 0,99 => 0.99
    ремонт 1 234,56 => 1234.56
    ремонт 1\u{00A0}234,56 => 1234.56
    ремонт 1\u{2009}234,56 => 1234.56
    ремонт 1\u{202F}234,56 => 1234.56
    ремонт 12 345 678 => 12345678
    laptop 1,234.56 => 1234.56
    laptop 1,234 => 1234
    ноут 1.234,56 => 1234.56
    ноут 1.234 => 1234
    оренда 1.5к => 1500
    оренда 1,5k => 1500
    оренда 1.5 k => 1500
    оренда 15 тис => 15000
    оренда 15 тис. => 15000
    оренда 15 тыс => 15000
    оренда 15 тисяч => 15000
    оренда 2 тисячі => 2000
    оренда 15k => 15000
    оренда 15K => 15000
    оренда 15К => 15000
    машина 1.2 млн => 1200000
    кава 85грн => 85
    кава 85 грн. => 85
    кава ₴85 => 85
    кава 85₴ => 85
    кава 85 ₴ => 85
    кава 85 гривень 50 копійок => 85.50
    кава 85 грн 50 коп => 85.50
    кава 85 гривен 50 копеек => 85.50
    жуйка 50 копійок => 0.50
    світло 312 гривень, шістдесят копійок => 312.60
    свет триста двенадцать гривен, восемь копеек => 312.08
    stamps 3 dollars, 40 cents => 3.40 USD
    $20 netflix => 20 USD
    20$ netflix => 20 USD
    netflix 20 usd => 20 USD
    netflix 20 USD => 20 USD
    netflix 20 доларів => 20 USD
    netflix 20 долларов => 20 USD
    netflix 20 dollars => 20 USD
    netflix 9.99 $ => 9.99 USD
    готель €120 => 120 EUR
    готель 120€ => 120 EUR
    готель 120 eur => 120 EUR
    готель 120 євро => 120 EUR
    готель 120 евро => 120 EUR
    готель 120 euros => 120 EUR
    zabka 35 zł => 35 PLN
    zabka 35 pln => 35 PLN
    zabka 35 злотих => 35 PLN
    tea 3 pounds => 3 GBP
    tea £3 => 3 GBP
    кава 85 uah => 85
    кава 85 гривні => 85
    кава 85 гривня => 85
    кава 85 hryvnias => 85
    кава 85 гривна => 85
    кава 85 гривны => 85
    кава 85 грн 12.11 => 85
    +500 кешбек => 500
    купив 2 кави 170 => 170
    """)

    @Test(arguments: digits) func digitForms(_ row: AmountRow) { row.check() }

    @Test func baseCurrencyIsTheDefault() throws {
        let entries = try EntryParser(baseCurrency: .eur).parse("кава 3", today: today).get()
        #expect(entries[0].amount == Money(minorUnits: 300, currency: .eur))
        let dollars = try EntryParser(baseCurrency: .eur).parse("кава 3 грн", today: today).get()
        #expect(dollars[0].amount.currency == .uah)
    }

    static let failures = MessageRow.rows("""
    кава 0 => zero_amount
    кава 0,00 => zero_amount
    кава нуль => zero_amount
    кава 1e999 => amount_too_large
    кава 1E30 => amount_too_large
    кава 99999999999999999999999 => amount_too_large
    яхта 1000000001 => amount_too_large
    яхта 2 млрд => amount_too_large
    яхта 1000000000 => expense 1000000000.00 UAH other - 0
    """)

    @Test(arguments: failures) func absurdAmounts(_ row: MessageRow) { row.check() }
}
