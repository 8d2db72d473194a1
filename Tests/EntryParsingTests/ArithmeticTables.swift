import EntryParsing
import Foundation
import KopiykaCore
import Testing

/// Amounts computed as written: each row is `message => kind amount currency | expression`
/// (the expression a confirmation shows, `-` for none), or a failure.
@Suite struct ArithmeticTables {
    static let uk = """
    кава 2*45 => expense 90.00 UAH | 2×45
    кава 2×45 => expense 90.00 UAH | 2×45
    кава 2 x 45 => expense 90.00 UAH | 2×45
    кава 2х45 => expense 90.00 UAH | 2×45
    піца 600/3 => expense 200.00 UAH | 600/3
    піца 100/3 => expense 33.33 UAH | 100/3
    обід 120+35 => expense 155.00 UAH | 120+35
    обід 120 + 35 грн => expense 155.00 UAH | 120+35
    обід ₴120+35 => expense 155.00 UAH | 120+35
    кава 2*45 картка => expense 90.00 UAH | 2×45
    квитки 3*250+50 => expense 800.00 UAH | 3×250+50
    обід 20+3*10 => expense 50.00 UAH | 20+3×10
    +2*15000 зарплата => income 30000.00 UAH | 2×15000
    кава 85 +30000 зарплата => income 30000.00 UAH | -
    піца 600/0 => amount_too_large
    яхта 999999999*999999999 => amount_too_large
    яхта 99999999999*99999999999 => amount_too_large
    кава 0*45 => zero_amount
    сирки 4 шт х 18 => expense 72.00 UAH | 4×18
    батарейки 2 штуки x 45 => expense 90.00 UAH | 2×45
    """

    static let ru = """
    кофе 2*45 => expense 90.00 UAH | 2×45
    кофе 2 х 45 => expense 90.00 UAH | 2×45
    пицца 600/3 грн => expense 200.00 UAH | 600/3
    обед 120+35 => expense 155.00 UAH | 120+35
    обед 12,5*4 => expense 50.00 UAH | 12,5×4
    йогурт 3 шт х 27 => expense 81.00 UAH | 3×27
    """

    static let en = """
    coffee 2*45 => expense 90.00 UAH | 2×45
    coffee 2 x 45 => expense 90.00 UAH | 2×45
    pizza $60/3 => expense 20.00 USD | 60/3
    pizza 60/3$ => expense 20.00 USD | 60/3
    lunch 120+35 usd => expense 155.00 USD | 120+35
    lunch 12.5 × 4 => expense 50.00 UAH | 12.5×4
    socks 3 pcs x 4.50 usd => expense 13.50 USD | 3×4.50
    """

    @Test(arguments: rows(uk)) func ukrainian(_ row: Row) { row.check() }
    @Test(arguments: rows(ru)) func russian(_ row: Row) { row.check() }
    @Test(arguments: rows(en)) func english(_ row: Row) { row.check() }

    struct Row: CustomTestStringConvertible, Sendable {
        let message: String
        let expected: String
        var testDescription: String { message }

        func check() {
            let result = EntryParser().parse(message, today: today)
            if let failure = ParseFailure(rawValue: expected) {
                #expect(result == .failure(failure), "\(message)")
                return
            }
            let parts = expected.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let fields = parts[0].split(separator: " ").map(String.init)
            guard case .success(let entries) = result, entries.count == 1, let entry = entries.first else {
                Issue.record("\(message): \(result)")
                return
            }
            #expect(entry.kind.rawValue == fields[0], "\(message)")
            #expect(entry.amount == Money(decimal: fields[1], currency: Currency(code: fields[2])!), "\(message)")
            #expect(entry.expression == (parts[1] == "-" ? nil : parts[1]), "\(message)")
        }
    }

    static func rows(_ table: String) -> [Row] {
        table.split(separator: "\n").compactMap { line in
            let parts = line.components(separatedBy: " => ")
            guard parts.count == 2 else { return nil }
            return Row(message: parts[0].trimmingCharacters(in: .whitespaces), expected: parts[1])
        }
    }
}
