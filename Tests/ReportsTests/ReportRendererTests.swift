import Foundation
import KopiykaCore
import Ledger
import Localization
@testable import Reports
import Testing

@Suite struct ReportRendererTests {
    let catalog = try! Catalog.load()
    let november = YearMonth(year: 2026, month: 11)!

    /// The renderer in one language, with no-break spaces shown as spaces so expectations
    /// read naturally (MoneyFormatterTests pins the exact scalars).
    func renderer(_ language: Language) -> (MonthlyReport) -> String {
        { ReportRenderer(catalog[language]).render($0).replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func report(categories: [(CategoryKey, Int64, Int)], spent: Int64? = nil) -> MonthlyReport {
        let total = spent ?? categories.reduce(0) { $0 + $1.1 }
        return MonthlyReport(
            month: november, baseCurrency: .uah, isCurrent: true, spentMinor: total, incomeMinor: 3_000_000,
            expenseCount: categories.reduce(0) { $0 + $1.2 },
            categories: categories.map {
                .init(category: $0.0, baseMinor: $0.1, share: Double($0.1) / Double(total), entryCount: $0.2, foreign: [])
            },
            members: [], largest: [], changePercent: 12, dailyAverageMinor: 65_000, forecastMinor: 1_950_000,
            budgets: [], unconverted: [])
    }

    @Test func aMonthReadsWellInUkrainian() {
        let text = renderer(.uk)(report(categories: [("cafe", 320_000, 12), ("groceries", 123_456, 1)]))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "📊 <b>Листопад 2026</b>")
        #expect(lines[1] == "Витрачено 4 434,56 ₴ (13 витрат) · дохід 30 000 ₴ · баланс +25 565,44 ₴")
        #expect(lines[3] == "<b>Кафе</b> 3 200 ₴ · 72% · 12 витрат")
        #expect(lines[4] == "███████▎")
        #expect(lines[5] == "<b>Продукти</b> 1 234,56 ₴ · 28% · 1 витрата")
        #expect(text.contains("📈 +12% порівняно з минулим місяцем"))
        #expect(text.contains("У середньому 650 ₴ на день"))
        #expect(text.contains("Прогноз до кінця місяця: 19 500 ₴"))
    }

    @Test func entryCountsTakeTheRightPluralForm() {
        let expected: [(Int, String, String, String)] = [
            (1, "1 витрата", "1 трата", "1 expense"), (2, "2 витрати", "2 траты", "2 expenses"),
            (5, "5 витрат", "5 трат", "5 expenses"), (11, "11 витрат", "11 трат", "11 expenses"),
            (21, "21 витрата", "21 трата", "21 expenses"), (22, "22 витрати", "22 траты", "22 expenses"),
            (25, "25 витрат", "25 трат", "25 expenses"), (111, "111 витрат", "111 трат", "111 expenses"),
        ]
        for (count, uk, ru, en) in expected {
            let r = report(categories: [("cafe", 10_000, count)])
            #expect(renderer(.uk)(r).contains("· \(uk)"))
            #expect(renderer(.ru)(r).contains("· \(ru)"))
            #expect(renderer(.en)(r).contains("· \(en)"))
        }
    }

    @Test func englishPutsTheSymbolFirst() {
        let text = renderer(.en)(report(categories: [("cafe", 320_000, 12)]))
        #expect(text.hasPrefix("📊 <b>November 2026</b>\nSpent ₴3,200 (12 expenses)"))
    }

    @Test func theBudgetLineSaysWhatIsLeftPerDay() {
        let status = BudgetStatus(budget: Budget(category: "cafe", limitMinor: 300_000), spentMinor: 176_600, daysLeft: 9)
        let line = ReportRenderer(catalog[.uk]).budgetLine(status, base: .uah).replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(line == "<b>Кафе</b>: 1 766 ₴ з 3 000 ₴\n█████▉ залишилось 1 234 ₴ · 137 ₴ на день · ще 9 днів")
        let over = BudgetStatus(budget: Budget(category: nil, limitMinor: 100_000), spentMinor: 150_000, daysLeft: 3)
        #expect(ReportRenderer(catalog[.ru]).budgetLine(over, base: .uah).hasSuffix("превышено на 500\u{A0}₴"))
    }

    @Test func alertsNameTheBudgetAndThreshold() {
        let status = BudgetStatus(budget: Budget(category: "cafe", limitMinor: 300_000), spentMinor: 250_000, daysLeft: 9)
        #expect(ReportRenderer(catalog[.uk]).alert(status, threshold: 80, base: .uah).replacingOccurrences(of: "\u{A0}", with: " ")
            == "⚠️ Кафе: витрачено 83% бюджету — 2 500 ₴ з 3 000 ₴.")
    }

    @Test func periodsAreReadInEveryLanguage() {
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        func parse(_ text: String) -> ReportPeriod? { ReportPeriod.parse(text, today: today, catalog: catalog) }
        #expect(parse("") == .month(november))
        #expect(parse("минулий") == .month(november.previous))
        #expect(parse("прошлый") == .month(november.previous))
        #expect(parse("last") == .month(november.previous))
        #expect(parse("жовтень") == .month(november.previous))
        #expect(parse("Октябрь") == .month(november.previous))
        #expect(parse("october") == .month(november.previous))
        #expect(parse("грудень") == .month(YearMonth(year: 2025, month: 12)!))
        #expect(parse("2026-10") == .month(november.previous))
        #expect(parse("2026") == .year(2026))
        #expect(parse("вчора") == nil)
    }
}

@Suite struct ReportRendererEdgeTests {
    let catalog = try! Catalog.load()

    @Test func foreignMoneyWithoutARateIsShownInItsOwnCurrencyAndEstimatesAreWhole() {
        let report = MonthlyReport(
            month: YearMonth(year: 2026, month: 11)!, baseCurrency: .uah, isCurrent: true, spentMinor: 20_550,
            incomeMinor: 0, expenseCount: 2,
            categories: [
                .init(category: "cafe", baseMinor: 20_550, share: 1, entryCount: 1, foreign: []),
                .init(category: "subscriptions", baseMinor: 0, share: 0, entryCount: 1,
                      foreign: [Money(major: 20, currency: .usd)]),
            ],
            members: [], largest: [], changePercent: nil, dailyAverageMinor: 1_380, forecastMinor: 41_428,
            budgets: [], unconverted: [Money(major: 20, currency: .usd)])
        let text = ReportRenderer(catalog[.uk]).render(report).replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(text.contains("<b>Підписки</b> 20 $ · 1 витрата\n"))
        #expect(!text.contains("0 ₴ · 0%"))
        #expect(text.contains("У середньому 14 ₴ на день"))
        #expect(text.contains("Прогноз до кінця місяця: 414 ₴"))
    }
}
