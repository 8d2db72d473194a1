import KopiykaCore
import Localization
@testable import Reports
import Testing

/// The review's findings on the report's figures (docs/wording-review.md L1–L5, L21, L22).
extension ReportRendererTests {
    @Test func percentagesAsEachLanguageWritesThem() {
        var r = report(categories: [("cafe", 320_000, 12), ("groceries", 123_456, 1)])
        r.changePercent = -24
        let uk = renderer(.uk)(r), ru = renderer(.ru)(r), en = renderer(.en)(r)
        #expect(uk.contains("<b>Кафе</b> 3 200 ₴ · 72% · 12 витрат") && uk.contains("📉 -24% порівняно з минулим"))
        #expect(ru.contains("<b>Кафе</b> 3 200 ₴ · 72 % · 12 трат") && ru.contains("📉 -24 % по сравнению с прошлым"))
        #expect(en.contains("📉 -24% vs last month"))
        for text in [uk, ru, en] { #expect(!text.contains("\u{2212}"), "one minus, as in -400 ₴") }
    }

    @Test func noChangeGetsNoArrow() {
        var r = report(categories: [("cafe", 320_000, 12)])
        r.changePercent = 0
        for language in Language.allCases { #expect(!renderer(language)(r).contains("📈"), "\(language)") }
    }

    @Test func aSmallDailyAverageShowsItsKopiykas() {
        var r = report(categories: [("cafe", 1_000, 1)])
        r.dailyAverageMinor = 32
        #expect(renderer(.uk)(r).contains("У середньому 0,32 ₴ на день"))
        #expect(renderer(.en)(r).contains("Average: ₴0.32 a day"))
        r.dailyAverageMinor = 65_049
        #expect(renderer(.uk)(r).contains("У середньому 650 ₴ на день"))
        #expect(renderer(.en)(r).contains("Month-end forecast: ₴19,500"))
    }

    @Test(arguments: [(Currency.eur, "/rate eur 48", "/rate eur 48"), (.pln, "/rate pln 11,3", "/rate pln 11.3"),
                      (.usd, "/rate usd 41,5", "/rate usd 41.5")])
    func theRateExampleFitsTheCurrency(currency: Currency, uk: String, en: String) {
        var r = report(categories: [("cafe", 1_000, 1)])
        r.unconverted = [Money(major: 15, currency: currency)]
        #expect(renderer(.uk)(r).contains("<code>\(uk)</code>"))
        #expect(renderer(.en)(r).contains("<code>\(en)</code>"))
    }
}
