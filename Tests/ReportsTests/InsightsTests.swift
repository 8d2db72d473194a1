import KopiykaCore
@testable import Reports
import Testing

/// The month's insights by hand: each said only when its figures mean something.
@Suite struct InsightsTests {
    func month(spent: Int64, income: Int64 = 0, _ byCategory: [CategoryKey: Int64] = [:]) -> InsightBuilder.Month {
        InsightBuilder.Month(spentMinor: spent, incomeMinor: income, byCategory: byCategory)
    }

    @Test func theSavingsRateIsWhatIncomeLeftAndNothingWithoutIncome() {
        let kept = InsightBuilder.build(month(spent: 3_000_000, income: 4_000_000), previous: nil, lastYear: nil, savingsMinor: nil,
                                        averageSpentMinor: nil, budgets: [])
        #expect(kept.lines == [.savingsRate(percent: 25, soFar: false)])
        #expect(kept.health == HealthScore(total: 100, savings: 40, runway: nil, budgets: nil))
        let over = InsightBuilder.build(month(spent: 5_000_000, income: 4_000_000), previous: nil, lastYear: nil, savingsMinor: nil,
                                        averageSpentMinor: nil, budgets: [])
        #expect(over.lines == [.overspent(percent: 25)], "never \"kept -25 %\"")
        #expect(over.health?.total == 0)
        let none = InsightBuilder.build(month(spent: 5_000_000), previous: nil, lastYear: nil, savingsMinor: nil,
                                        averageSpentMinor: nil, budgets: [])
        #expect(none.lines.isEmpty && none.health == nil)
    }

    @Test func aRunningMonthSaysSoFarComparesNoWholeMonthAndScoresTheLastFullOne() {
        let early = month(spent: 100_000, income: 5_000_000)
        let lastMonth = month(spent: 4_500_000, income: 5_000_000)
        let insights = InsightBuilder.build(early, previous: lastMonth, lastYear: month(spent: 4_000_000), savingsMinor: nil,
                                            averageSpentMinor: nil, budgets: [], isRunning: true,
                                            scored: .earlier(YearMonth(year: 2026, month: 11)!, lastMonth, budgets: []))
        #expect(insights.lines == [.savingsRate(percent: 98, soFar: true)], "day 3 against a whole month last year says nothing")
        #expect(insights.health == HealthScore(total: 50, savings: 20, runway: nil, budgets: nil, month: YearMonth(year: 2026, month: 11)),
                "10 % kept last month, not 98 % of a salary on the 1st")
        let first = InsightBuilder.build(month(spent: 0, income: 5_000_000), previous: nil, lastYear: nil, savingsMinor: nil,
                                         averageSpentMinor: nil, budgets: [], isRunning: true, scored: .tooEarly)
        #expect(first.health == nil, "a salary on day 1 is not 100 of 100")
    }

    @Test func theSameMonthLastYearNeedsASpendingWorthComparing() {
        let more = InsightBuilder.build(month(spent: 1_200_000), previous: nil, lastYear: month(spent: 1_000_000), savingsMinor: nil,
                                        averageSpentMinor: nil, budgets: [])
        #expect(more.lines == [.sameMonthLastYear(percent: 20)])
        let tiny = InsightBuilder.build(month(spent: 1_200_000), previous: nil, lastYear: month(spent: 10_000), savingsMinor: nil,
                                        averageSpentMinor: nil, budgets: [])
        #expect(tiny.lines.isEmpty, "100 ₴ a year ago says nothing")
    }

    @Test func theCategoryThatGrewMostByMoneyNotByPercentOfCrumbs() {
        let this = month(spent: 0, ["cafe": 300_000, "taxi": 10_000, "groceries": 900_000])
        let before = month(spent: 0, ["cafe": 200_000, "taxi": 1_000, "groceries": 600_000])
        let insights = InsightBuilder.build(this, previous: before, lastYear: nil, savingsMinor: nil, averageSpentMinor: nil, budgets: [])
        #expect(insights.lines == [.grew("groceries", percent: 50)], "taxi ×10 is 90 ₴, under the notable 500 ₴")
    }

    @Test func theRunwayIsWholeMonthsOfTheAverageSpending() {
        let insights = InsightBuilder.build(month(spent: 0), previous: nil, lastYear: nil, savingsMinor: 10_000_000,
                                            averageSpentMinor: 3_000_000, budgets: [])
        #expect(insights.lines == [.runway(months: 3)])
        #expect(insights.health == HealthScore(total: 50, savings: nil, runway: 15, budgets: nil))
    }

    @Test func hugeFiguresGiveNoPercentRatherThanAWrongOne() {
        let insights = InsightBuilder.build(month(spent: 1, income: Int64.max), previous: nil, lastYear: month(spent: 1_000_000),
                                            savingsMinor: Int64.max, averageSpentMinor: 1, budgets: [])
        #expect(insights.lines.contains(.savingsRate(percent: 99, soFar: false)))
        #expect(insights.lines.contains(.runway(months: Int(Int64.max))))
    }
}
