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

    @Test func knownCurrenciesByCode() {
        #expect(Currency(code: "uah") == .uah)
        #expect(Currency(code: "XYZ") == nil)
    }
}
