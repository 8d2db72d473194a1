import EntryParsing
import KopiykaCore
import Testing

/// A number written as a scale and then its rest (`2 тисячі 500`, as speech-to-text writes
/// 2,500; `1 млн 200 тис`; `2к5`) is one amount: cut at the scale word, it was stored as 2,000,
/// or as the rest alone, without a question (a reviewer's find).
@Suite struct ScaleRestTests {
    static let whole = AmountRow.rows("""
    продукти 2 тисячі 500 => 2500
    Продукти дві тисячі 500 гривень => 2500
    продукти 2 тисячі п'ятсот => 2500
    продукти 2 тисячі 500 грн => 2500
    продукти 2 тисячі 500,50 => 2500.50
    зарплата 30 тисяч 500 => 30500
    +30 тисяч 500 зарплата => 30500
    ремонт 1 млн 200 тис => 1200000
    ремонт 1 млн 200 тис 500 => 1200500
    ремонт мільйон 200 тисяч => 1200000
    продукти тисяча 250 => 1250
    таксі 2к5 => 2500
    таксі 2к500 => 2500
    продукты 2 тысячи 500 => 2500
    продукты две тысячи 500 рублей => 2500 RUB
    groceries 2 thousand 500 => 2500
    rent 1k5 => 1500
    яхта 999 млн 999 тис 999 => 999999999
    """)

    @Test(arguments: whole) func aScaleAndItsRestAreOneNumber(_ row: AmountRow) throws {
        row.check()
        let entries = try EntryParser().parse(row.message, today: today).get()
        #expect(entries.count == 1, "\(row.message)")
        #expect(entries.first?.readings == [], "\(row.message)")
        #expect(entries.first?.note.contains(where: \.isNumber) == false, "no part of the number is left: \(row.message)")
    }

    /// `2к50` is 2.50к as `2к5` is 2.5к, or 2,050: the writer is asked.
    @Test(arguments: [("таксі 2к50", ["2500", "2050"]), ("таксі 2к05", ["2050", "2005"])])
    func twoWaysToReadTheRestAreAsked(_ row: (String, [String])) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.count == 1)
        #expect(entries.first?.readings == row.1.compactMap { Money(decimal: $0, currency: .uah) }, "\(row.0)")
    }

    /// `message => amount`: a rest must come right after the scale word and fit below it; a count,
    /// a date and a number after a fraction are no rest. The number with the multiplier decides, as
    /// before, and nothing is asked.
    static let apart: [(String, String)] = [
        ("таксі 120 2 тисячі", "2000"), ("продукти 2 тисячі 1500", "2000"), ("оренда 5 тисяч 2 місяці", "5000"),
        ("оренда 15 тисяч 12.11", "15000"), ("продукти 2 тисячі 15 листопада", "2000"), ("оренда 1.5к 200", "1500"),
        ("оренда 2 тисячі одна кава", "2000"),
    ]

    @Test(arguments: apart) func numbersThatAreNoRestStayApart(_ row: (String, String)) throws {
        let entries = try EntryParser().parse(row.0, today: today).get()
        #expect(entries.count == 1, "\(row.0)")
        #expect(entries.first?.readings == [], "\(row.0)")
        #expect(entries.first?.amount == Money(decimal: row.1, currency: .uah), "\(row.0)")
    }

    @Test func twoBareNumbersStayAQuestion() throws {
        let entries = try EntryParser().parse("1000 500", today: today).get()
        #expect(entries.first?.readings == [Money(major: 1000, currency: .uah), Money(major: 500, currency: .uah)])
    }

    /// Past a billion, or past `Int64` on the way, the amount is refused, never wrapped or cut.
    @Test(arguments: ["яхта 1 млрд 500 млн", "яхта мільярд 500 мільйонів", "яхта 1 млрд 1", "яхта 9 223 372 036 854 775 к 999"])
    func aRestPastTheMaximumIsRefused(_ message: String) {
        #expect(EntryParser().parse(message, today: today) == .failure(.amountTooLarge), "\(message)")
    }
}
