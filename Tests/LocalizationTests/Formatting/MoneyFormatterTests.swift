import KopiykaCore
import Testing
@testable import Localization

@Suite struct MoneyFormatterTests {
    static func uah(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .uah) }

    @Test func ukrainianFullHasNoBreakSpacesAndDecimalComma() {
        let text = MoneyFormatter(.uk, style: .full).string(Self.uah(123_456))
        #expect(text == "1\u{00A0}234,56\u{00A0}₴")
        // "1", NBSP, "234", ",", "56", NBSP, "₴"
        #expect(text.unicodeScalars.map(\.value)
            == [0x31, 0xA0, 0x32, 0x33, 0x34, 0x2C, 0x35, 0x36, 0xA0, 0x20B4])
    }

    @Test func englishPutsTheSymbolFirst() {
        let text = MoneyFormatter(.en, style: .full).string(Self.uah(123_456))
        #expect(text == "₴1,234.56")
        #expect(text.unicodeScalars.map(\.value)
            == [0x20B4, 0x31, 0x2C, 0x32, 0x33, 0x34, 0x2E, 0x35, 0x36])
    }

    @Test(arguments: [
        (Int64(8500), MoneyFormatter.Style.compact, "85\u{00A0}₴", "₴85"),
        (8500, .full, "85,00\u{00A0}₴", "₴85.00"),
        (8550, .compact, "85,50\u{00A0}₴", "₴85.50"),
        (8505, .compact, "85,05\u{00A0}₴", "₴85.05"),
        (123_456, .compact, "1\u{00A0}234,56\u{00A0}₴", "₴1,234.56"),
        (0, .compact, "0\u{00A0}₴", "₴0"),
        (0, .full, "0,00\u{00A0}₴", "₴0.00"),
        (-123_456, .full, "-1\u{00A0}234,56\u{00A0}₴", "-₴1,234.56"),
        (-5, .compact, "-0,05\u{00A0}₴", "-₴0.05"),
        (-100, .compact, "-1\u{00A0}₴", "-₴1"),
        (100_000_000_000, .full, "1\u{00A0}000\u{00A0}000\u{00A0}000,00\u{00A0}₴", "₴1,000,000,000.00"),
        (Int64.max, .full, "92\u{00A0}233\u{00A0}720\u{00A0}368\u{00A0}547\u{00A0}758,07\u{00A0}₴",
         "₴92,233,720,368,547,758.07"),
    ])
    func hryvnias(minor: Int64, style: MoneyFormatter.Style, slavic: String, english: String) {
        #expect(MoneyFormatter(.uk, style: style).string(Self.uah(minor)) == slavic)
        #expect(MoneyFormatter(.ru, style: style).string(Self.uah(minor)) == slavic)
        #expect(MoneyFormatter(.en, style: style).string(Self.uah(minor)) == english)
    }

    @Test func minimumInt64DoesNotOverflow() {
        let text = MoneyFormatter(.en, style: .full).string(Self.uah(Int64.min))
        #expect(text == "-₴92,233,720,368,547,758.08")
    }

    @Test(arguments: [
        (Currency.usd, "1\u{00A0}234,56\u{00A0}$", "$1,234.56"),
        (.eur, "1\u{00A0}234,56\u{00A0}€", "€1,234.56"),
        (.gbp, "1\u{00A0}234,56\u{00A0}£", "£1,234.56"),
        (.pln, "1\u{00A0}234,56\u{00A0}zł", "zł\u{00A0}1,234.56"),
        (Currency(code: "CHF", minorUnitDigits: 2), "1\u{00A0}234,56\u{00A0}CHF", "CHF\u{00A0}1,234.56"),
    ])
    func otherCurrencies(currency: Currency, slavic: String, english: String) {
        let money = Money(minorUnits: 123_456, currency: currency)
        #expect(MoneyFormatter(.uk, style: .full).string(money) == slavic)
        #expect(MoneyFormatter(.ru, style: .full).string(money) == slavic)
        #expect(MoneyFormatter(.en, style: .full).string(money) == english)
    }

    @Test func currencyWithoutMinorUnits() {
        let yen = Money(minorUnits: 1500, currency: Currency(code: "JPY", minorUnitDigits: 0))
        #expect(MoneyFormatter(.uk, style: .full).string(yen) == "1\u{00A0}500\u{00A0}JPY")
        #expect(MoneyFormatter(.en, style: .full).string(yen) == "JPY\u{00A0}1,500")
    }

    @Test func pluralOperandsFollowTheShownForm() {
        let whole = Self.uah(2100)
        #expect(Language.uk.pluralCategory(PluralOperands(whole)) == .one)
        #expect(Language.uk.pluralCategory(PluralOperands(whole, style: .full)) == .other)
        #expect(Language.uk.pluralCategory(PluralOperands(Self.uah(2150))) == .other)
        #expect(Language.en.pluralCategory(PluralOperands(Self.uah(100))) == .one)
    }
}
