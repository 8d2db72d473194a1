import Foundation
import KopiykaCore
@testable import Ledger
import Localization
@testable import Reports
import Testing

/// Month totals at the edge of `Int64`, as a hostile family's ledger can hold them: every
/// figure is exact, or the report says "too large"; nothing traps, nothing wraps.
@Suite struct ReportLimitsTests {
    let catalog = try! Catalog.load()
    let november = YearMonth(year: 2026, month: 11)!
    let today = LocalDate(year: 2026, month: 11, day: 21)!
    /// November is over: no forecast, whose pace would not fit at these sums.
    let december = LocalDate(year: 2026, month: 12, day: 5)!

    func total(_ baseMinor: Int64, _ category: CategoryKey = "cafe", member: Int64 = 1, month: YearMonth? = nil,
               kind: EntryKind = .expense, amount: Money? = nil) -> MonthTotal {
        MonthTotal(month: month ?? november, kind: kind, category: category, memberID: member,
                   amount: amount ?? Money(minorUnits: baseMinor, currency: .uah), baseMinor: baseMinor,
                   unconverted: 0, entryCount: 1)
    }

    func monthly(_ totals: [MonthTotal], previous: [MonthTotal] = [], budgets: [Budget] = [],
                 today: LocalDate? = nil) -> MonthlyReport {
        ReportBuilder.monthly(month: november, today: today ?? self.today, baseCurrency: .uah, totals: totals,
                              previous: previous, largest: [], members: [], budgets: budgets)
    }

    func rendered(_ report: MonthlyReport) -> String {
        ReportRenderer(catalog[.uk]).render(report).replacingOccurrences(of: "\u{A0}", with: " ")
    }

    @Test func twoTotalsOfInt64MaxAreTooLargeToAddUp() {
        let report = monthly([total(.max, "cafe"), total(.max, "taxi")])
        #expect(report.isTooLarge && !report.isEmpty)
        #expect(rendered(report) == "📊 <b>Листопад 2026</b>\nЗавелика сума — підсумок за цей період не порахувати. Перевірте найбільші записи.")
        #expect(monthly([total(.max, member: 1), total(1, member: 2)]).isTooLarge)
        #expect(monthly([total(.max, kind: .income), total(1, "salary", kind: .income)]).isTooLarge)
    }

    @Test func theLargestSumThatFitsIsShownExactly() {
        let report = monthly([total(.max - 1, "cafe"), total(1, "taxi")], today: LocalDate(year: 2026, month: 11, day: 30)!)
        #expect(report.spentMinor == .max)
        #expect(report.netMinor == -.max)
        #expect(report.forecastMinor == .max)  // day 30 of 30: the pace is the total
        #expect(rendered(report).contains("Витрачено 92 233 720 368 547 758,07 ₴ (2 витрати)"))
        #expect(rendered(report).contains("У середньому 3 074 457 345 618 259 ₴ на день"))
    }

    @Test func theForecastIsTakenAtFullWidth() {
        // 4 × 10¹⁸ × 30 days overflows Int64; ÷ 21 days it fits again.
        let report = monthly([total(4_000_000_000_000_000_000)])
        #expect(report.forecastMinor == 5_714_285_714_285_714_285)
        #expect(rendered(report).contains("Прогноз до кінця місяця: 57 142 857 142 857 143 ₴"))
        #expect(monthly([total(.max / 2)], today: LocalDate(year: 2026, month: 11, day: 10)!).isTooLarge)
    }

    @Test func theChangeAgainstLastMonthNeverOverflows() {
        #expect(monthly([total(1)], previous: [total(.max)]).changePercent == -100)
        #expect(monthly([total(.max)], previous: [total(.max / 4)], today: december).changePercent == 300)
        // 1 kopiyka → Int64.max is +922 337 203 685 477 580 600 %: not a percentage there is room for.
        #expect(monthly([total(.max)], previous: [total(1)], today: december).isTooLarge)
    }

    @Test func budgetsNearTheLimitReachTheirThresholdsWithoutOverflow() throws {
        let budget = Budget(category: nil, limitMinor: 100_000_000_000)
        let over100 = BudgetStatus(budget: budget, spentMinor: 92_233_720_368_547_758, daysLeft: 10)
        #expect(over100.reachedThreshold == 100)
        let tiny = BudgetStatus(budget: Budget(category: "cafe", limitMinor: 1), spentMinor: .max, daysLeft: 10)
        #expect(tiny.reachedThreshold == 100 && tiny.percentSpent == .max && tiny.leftMinor == 1 - .max)
        let alert = ReportRenderer(catalog[.uk]).alert(tiny, threshold: 100, base: .uah)
        #expect(alert.replacingOccurrences(of: "\u{A0}", with: " ") == "🚨 Кафе: бюджет вичерпано — 92 233 720 368 547 758,07 ₴ з 0,01 ₴.")
        let big = BudgetStatus(budget: Budget(category: "cafe", limitMinor: .max), spentMinor: .max / 10 * 9, daysLeft: 1)
        #expect(big.reachedThreshold == 80 && big.percentSpent == 89)
        #expect(throws: MoneyOverflow.self) {
            try ReportBuilder.budgetStatuses([budget], expenses: [total(.max, "cafe"), total(1, "taxi")],
                                             shown: [total(.max, "cafe"), total(1, "taxi")], daysLeft: 1)
        }
        #expect(monthly([total(.max, "cafe"), total(1, "taxi")], budgets: [budget]).isTooLarge)
        let over = try #require(monthly([total(.max, "cafe")], budgets: [budget], today: december).budgets.first)
        #expect(ReportRenderer(catalog[.uk]).budgetLine(over, base: .uah).contains("перевищено на 92\u{A0}233\u{A0}719\u{A0}368"))
    }

    @Test func foreignAmountsNearTheLimitAreTooLargeToMerge() {
        let dollars = Money(minorUnits: .max, currency: .usd)
        let report = monthly([total(1, "cafe", member: 1, amount: dollars), total(1, "cafe", member: 2, amount: dollars)])
        #expect(report.isTooLarge)
        var unconverted = total(0, amount: dollars)
        unconverted.unconverted = 1
        var again = unconverted
        again.memberID = 2
        #expect(monthly([unconverted, again]).isTooLarge)
    }

    @Test func aYearOfHugeMonthsIsTooLargeNotWrapped() {
        let january = YearMonth(year: 2026, month: 1)!
        let fits = ReportBuilder.yearly(year: 2026, baseCurrency: .uah,
                                        totals: [total(.max - 1, month: january), total(1, month: november)])
        #expect(fits.spentMinor == .max && !fits.isTooLarge)
        let huge = ReportBuilder.yearly(year: 2026, baseCurrency: .uah,
                                        totals: [total(.max, month: january), total(.max, month: november)])
        #expect(huge.isTooLarge)
        #expect(ReportRenderer(catalog[.uk]).render(huge).hasSuffix("Завелика сума — підсумок за цей період не порахувати. Перевірте найбільші записи."))
        let sameMonth = ReportBuilder.yearly(year: 2026, baseCurrency: .uah, totals: [total(.max), total(.max, "taxi")])
        #expect(sameMonth.isTooLarge)
    }

    @Test func barsTakeAnyFraction() {
        #expect(Bar.render(.nan) == "")
        #expect(Bar.render(.infinity) == "██████████")
        #expect(Bar.render(-.infinity) == "")
        #expect(Bar.render(Double(Int64.max)) == "██████████")
    }

    @Test func periodsRunFrom2000ToAYearAhead() {
        func read(_ text: String) -> Result<ReportPeriod, ReportPeriod.Refusal> {
            ReportPeriod.read(text, today: today, catalog: catalog)
        }
        #expect(read("2000-01") == .success(.month(YearMonth(year: 2000, month: 1)!)))
        #expect(read("2027-12") == .success(.month(YearMonth(year: 2027, month: 12)!)))
        #expect(read("2000") == .success(.year(2000)))
        #expect(read("2027") == .success(.year(2027)))
        for outside in ["0001-01", "1999-12", "2028-01", "9999", "9999-12", "2026-13", "2026-00", "1999", "2028",
                        "0", "99999999999999999999999", "2026-99999999999999999999"] {
            #expect(read(outside) == .failure(.outOfRange), "\(outside)")
        }
        for nonsense in ["someday", "2026-", "-2026", "2026-10-01", "2026/10", "１２"] {
            #expect(read(nonsense) == .failure(.notUnderstood), "\(nonsense)")
        }
        #expect(ReportPeriod.parse("0001-01", today: today, catalog: catalog) == nil)
    }
}
