import KopiykaCore
import Testing

@Suite struct MoneyTests {
    @Test func decimalStringHasTheCurrencyFractionDigits() {
        #expect(Money(minorUnits: 8500, currency: .uah).decimalString == "85.00")
        #expect(Money(minorUnits: 5, currency: .uah).decimalString == "0.05")
        #expect(Money(minorUnits: -123456, currency: .usd).decimalString == "-1234.56")
        #expect(Money(minorUnits: 1500, currency: Currency(code: "JPY", minorUnitDigits: 0)).decimalString == "1500")
    }

    @Test func parsesDecimalStringsExactly() {
        #expect(Money(decimal: "85", currency: .uah)?.minorUnits == 8500)
        #expect(Money(decimal: "85.5", currency: .uah)?.minorUnits == 8550)
        #expect(Money(decimal: "0.1", currency: .uah).map { $0 + Money(decimal: "0.2", currency: .uah)! }?.decimalString == "0.30")
        #expect(Money(decimal: "-1234.56", currency: .eur)?.minorUnits == -123456)
        for bad in ["", ".", "1.", ".5", "1.234", "1,5", "abc", "1e3", "--1", "99999999999999999999"] {
            #expect(Money(decimal: bad, currency: .uah) == nil, "\(bad)")
        }
    }

    @Test func decimalStringsNearTheLimitAreReadOrRefusedNeverWrapped() {
        #expect(Money(decimal: "92233720368547758.07", currency: .uah)?.minorUnits == .max)
        #expect(Money(decimal: "-92233720368547758.07", currency: .uah)?.minorUnits == -.max)
        #expect(Money(decimal: "92233720368547758.08", currency: .uah) == nil)
        #expect(Money(decimal: "92233720368547758.99", currency: .uah) == nil)
        #expect(Money(minorUnits: .min, currency: .uah).decimalString == "-92233720368547758.08")
    }

    @Test func checkedArithmeticThrowsInsteadOfWrapping() throws {
        #expect(try [Int64.max, 1, -1].checkedSum() == .max)
        #expect(try [1, Int64.max, -2].checkedSum() == .max - 1)  // order never matters
        #expect(throws: MoneyOverflow.self) { try [Int64.max, 1].checkedSum() }
        #expect(throws: MoneyOverflow.self) { try [Int64.min, -1].checkedSum() }
        #expect(throws: MoneyOverflow.self) { try CheckedMinor.add(.max, 1) }
        #expect(throws: MoneyOverflow.self) { try CheckedMinor.subtract(.min, 1) }
        #expect(try CheckedMinor.scale(.max, by: 30, dividedBy: 31) == 8_925_843_906_633_654_006)
        #expect(throws: MoneyOverflow.self) { try CheckedMinor.scale(.max / 2, by: 30, dividedBy: 14) }
        #expect(throws: MoneyOverflow.self) { try CheckedMinor.scale(1, by: 1, dividedBy: 0) }
        #expect(try CheckedMinor.rounded(150, toMultipleOf: 100) == 200)
        #expect(try CheckedMinor.rounded(-150, toMultipleOf: 100) == -200)
        #expect(try CheckedMinor.rounded(.max - 7, toMultipleOf: 100) == 9_223_372_036_854_775_800)
        #expect(throws: MoneyOverflow.self) { try CheckedMinor.rounded(.max, toMultipleOf: 1_000) }
        let max = Money(minorUnits: .max, currency: .uah)
        #expect(try max.adding(Money(minorUnits: -1, currency: .uah)).minorUnits == .max - 1)
        #expect(throws: MoneyOverflow.self) { try max.adding(Money(minorUnits: 1, currency: .uah)) }
    }

    @Test func knownCurrenciesByCode() {
        #expect(Currency(code: "uah") == .uah)
        #expect(Currency(code: "XYZ") == nil)
    }
}
