import Foundation
import KopiykaCore
@testable import Ledger
import Localization
import Reports
import Testing

/// A running month's forecast with recurring payments: what they recorded counts once, not
/// at the month's pace, and what is still due is added as it is.
@Suite struct RecurringForecastTests {
    let catalog = try! Catalog.load()
    let november = YearMonth(year: 2026, month: 11)!
    /// Ten days of thirty gone.
    let today = LocalDate(year: 2026, month: 11, day: 10)!

    func spent(_ baseMinor: Int64) -> MonthTotal {
        MonthTotal(month: november, kind: .expense, category: "housing", memberID: 1,
                   amount: Money(minorUnits: baseMinor, currency: .uah), baseMinor: baseMinor, unconverted: 0, entryCount: 1)
    }

    func report(_ recurring: RecurringMonth?, spent minor: Int64 = 1_000_000) -> MonthlyReport {
        ReportBuilder.monthly(month: november, today: today, baseCurrency: .uah, totals: [spent(minor)], previous: [], largest: [],
                              members: [], budgets: [], context: MonthContext(firstDay: november.firstDay, recurring: recurring))
    }

    @Test func recordedPaymentsAreNotStretchedAndDueOnesAreAdded() {
        // 10 000 ₴ spent, 5 000 ₴ of it the rent: 5 000 × 30 / 10 + 5 000 + 3 000 due = 23 000 ₴.
        #expect(report(RecurringMonth(recordedMinor: 500_000, dueMinor: 300_000, dueCount: 2)).forecastMinor == 2_300_000)
        #expect(report(nil).forecastMinor == 3_000_000, "without recurring payments, the pace alone")
        #expect(report(RecurringMonth(recordedMinor: 0, dueMinor: 0, dueCount: 1)).forecastMinor == 3_000_000)
    }

    @Test func aRecordedSumAboveTheSpendingNeverDrivesTheForecastNegative() {
        #expect(report(RecurringMonth(recordedMinor: 9_000_000, dueMinor: 0, dueCount: 0)).forecastMinor == 1_000_000)
    }

    @Test func dueAloneMakesAForecastAndOverflowSaysTooLarge() {
        #expect(report(RecurringMonth(recordedMinor: 0, dueMinor: 250_000, dueCount: 1), spent: 0).forecastMinor == 250_000)
        #expect(report(RecurringMonth(recordedMinor: 0, dueMinor: .max, dueCount: 1)).isTooLarge)
    }

    @Test func aMonthWithNothingSpentYetStillSaysWhatIsDue() {
        let empty = ReportRenderer(catalog[.uk]).render(report(RecurringMonth(recordedMinor: 0, dueMinor: 1_500_000, dueCount: 1), spent: 0))
        #expect(empty.replacingOccurrences(of: "\u{A0}", with: " ").hasSuffix("\nЩе до сплати цього місяця: 15 000 ₴ (1 платіж)"), "\(empty)")
    }

    @Test func theReportSaysWhatIsStillDue() {
        let l = catalog[.uk]
        func line(_ minor: Int64, _ count: Int) -> String? {
            ReportRenderer(l).stillDue(minor, count: count, base: .uah)?.replacingOccurrences(of: "\u{A0}", with: " ")
        }
        #expect(line(279_900, 2) == "Ще до сплати цього місяця: 2 799 ₴ (2 платежі)")
        #expect(line(0, 1) == "Ще до сплати цього місяця: 1 платіж")
        #expect(line(0, 0) == nil)
        let rendered = ReportRenderer(l).render(report(RecurringMonth(recordedMinor: 500_000, dueMinor: 300_000, dueCount: 5)))
            .replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(rendered.contains("Прогноз до кінця місяця: 23 000 ₴\nЩе до сплати цього місяця: 3 000 ₴ (5 платежів)"), "\(rendered)")
    }
}
