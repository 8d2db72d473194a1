import EntryParsing
import KopiykaCore
import Testing

/// An entry is at most a billion units of its currency; anything larger, or too long to read
/// exactly, is `amount_too_large`, never a wrapped (and so wrong, often small) amount.
@Suite struct AmountBoundsTests {
    static let table = MessageRow.rows("""
    // 2^64 + 85 in every form: none may become 85.
    кава 18446744073709551701 => amount_too_large
    кава 18 446 744 073 709 551 701 => amount_too_large
    кава 18\u{A0}446\u{A0}744\u{A0}073\u{A0}709\u{A0}551\u{A0}701 => amount_too_large
    кава 18\u{202F}446\u{202F}744\u{202F}073\u{202F}709\u{202F}551\u{202F}701 => amount_too_large
    кава 18,446,744,073,709,551,701 => amount_too_large
    кава 18.446.744.073.709.551.701 => amount_too_large
    кава 18,446,744,073,709,551,701.00 => amount_too_large
    // (2^47 + 85) × 10^17 wraps to 85 × 10^17: 85,00 with seventeen fraction digits.
    кава 140737488355413.00000000000000000 => amount_too_large
    кава 140737488355413,00000000000000000 => amount_too_large
    кава 99.00000000000000001 => amount_too_large
    кава 1 000 000 000 000 000 000 000 => amount_too_large
    кава 9223372036854775807 => amount_too_large
    кава 9 223 372 036 854 775 808 => amount_too_large
    яхта 1 000 000 000,01 => amount_too_large
    яхта 1000000000 гривень 50 копійок => amount_too_large
    яхта 1000001 к => amount_too_large
    яхта 1,000000001 млрд => amount_too_large
    яхта мільярд мільярдів => amount_too_large
    яхта мільярд мільярдів мільярдів мільярдів => amount_too_large
    яхта 9e18 => amount_too_large
    яхта 9223372036854775,8к => amount_too_large
    яхта 1 000 000 000 => expense 1000000000.00 UAH other - 0 | яхта
    яхта 1 000 000 000,00 => expense 1000000000.00 UAH other - 0 | яхта
    яхта 999999999 гривень 99 копійок => expense 999999999.99 UAH other - 0 | яхта
    яхта тисяча мільйонів => expense 1000000000.00 UAH other - 0 | яхта
    яхта 1 млрд => expense 1000000000.00 UAH other - 0 | яхта
    // Rounded once, by the first digit dropped.
    кава 0,0449 => expense 0.04 UAH cafe - 0 | кава
    кава 85,0051 => expense 85.01 UAH cafe - 0 | кава
    """)

    @Test(arguments: table) func bounds(_ row: MessageRow) { row.check() }

    /// Digits of every length with every separator, against the value read by hand from the
    /// same string: the parser either agrees or says the amount is too large, and says so only
    /// for values over the bound or too long to hold exactly.
    @Test(arguments: [1, 2, 3, 2026] as [UInt64]) func neverAWrappedAmount(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<1500 {
            let number = WrittenNumber.random(using: &rng)
            let result = EntryParser().parse("кава \(number.text)", today: today)
            let expected = number.expected
            if case .success(let entries) = expected, case .success(let got) = result {
                #expect(got.map(\.amount) == entries.map(\.amount), "seed \(seed): \(number.text)")
            } else if result == .failure(.amountTooLarge), number.mayOverflow {
                continue
            } else {
                #expect(result.map { $0.map(\.amount) } == expected.map { $0.map(\.amount) }, "seed \(seed): \(number.text)")
            }
        }
    }
}

/// A random number as a person may type it, with its value worked out digit by digit.
struct WrittenNumber {
    var whole: String
    var fraction: String
    var text: String

    static func random(using rng: inout SplitMix64) -> WrittenNumber {
        func digits(_ count: Int, _ rng: inout SplitMix64) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
        }
        var whole = digits(Int.random(in: 1...40, using: &rng), &rng)
        whole = whole.drop { $0 == "0" }.isEmpty ? "0" : String(whole.drop { $0 == "0" })
        let separator = ["", " ", "\u{A0}", "\u{202F}", ",", "."].randomElement(using: &rng)!
        let spaced = [" ", "\u{A0}", "\u{202F}"].contains(separator)
        var fraction = Bool.random(using: &rng) ? "" : digits(Int.random(in: 1...(spaced ? 2 : 25), using: &rng), &rng)
        // `1234.567` and `1.234` read as thousands: a fraction of three digits needs a grouped whole.
        if fraction.count == 3, separator.isEmpty || whole.count <= 3 { fraction += "0" }
        let groups = whole.reversed().chunks(of: 3).reversed().map { String($0.reversed()) }
        let mark = separator == "," ? "." : separator == "." ? "," : [",", "."].randomElement(using: &rng)!
        let text = groups.joined(separator: separator) + (fraction.isEmpty ? "" : mark + fraction)
        return WrittenNumber(whole: whole, fraction: fraction, text: text)
    }

    /// Too many digits to hold at the fraction's scale in 64 bits: too large is a fair answer.
    var mayOverflow: Bool { whole.count + fraction.count > 18 || fraction.count > 17 }

    var expected: Result<[ParsedEntry], ParseFailure> {
        let billion = "1000000000"
        let padded = (fraction + "000").prefix(3)
        if whole.count > billion.count || (whole.count == billion.count && whole > billion) { return .failure(.amountTooLarge) }
        var minor = Int64(whole)! * 100 + Int64(padded.prefix(2))!
        if padded.last! >= "5" { minor += 1 }
        if minor > 1_000_000_000 * 100 { return .failure(.amountTooLarge) }
        if minor == 0 { return .failure(.zeroAmount) }
        return .success([ParsedEntry(kind: .expense, amount: Money(minorUnits: minor, currency: .uah), category: .init(rawValue: "cafe"),
                                     account: nil, date: today, note: "кава", isPrivate: false)])
    }
}
