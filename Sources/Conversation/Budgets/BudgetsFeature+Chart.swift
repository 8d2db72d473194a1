import Charts
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// The picture that follows `/budget`'s text: a `sendPhoto` row whose caption is the legend.
extension BudgetsFeature {
    /// The month's spending day by day against the whole month's budget (or, without one, the
    /// first category's) and its even pace. Private entries `viewer` may not see count in the
    /// line, as in the text's total, but on its last day, not on theirs.
    func chart(household: Household, shownTo viewer: Viewer, _ l: Localizer) throws -> OutboxContent? {
        let today = today(of: household), month = YearMonth(today)
        var values: [Int64] = [0]
        let status: BudgetStatus
        do {
            let statuses = try statuses(household, month: month, today: today, shownTo: viewer)
            guard let chosen = statuses.first(where: { $0.category == nil }) ?? statuses.first, chosen.spentMinor > 0 else { return nil }
            status = chosen
            let days = try ledger.entries.dailyExpenses(householdID: household.id, dates: month.firstDay...today,
                                                        category: status.category, shownTo: viewer)
            for day in month.firstDay.day...today.day {
                values.append(try CheckedMinor.add(values.last ?? 0, days[month.firstDay.adding(days: day - 1)] ?? 0))
            }
        } catch is MoneyOverflow {
            return nil
        }
        // What the reader may not see (and entries dated later this month) lands on today.
        values.append(max(values.removeLast(), status.spentMinor))
        let marks = [1, 10, 20, month.dayCount].map { DaysChart.Mark(slot: $0, day: $0) }
        let chart = DaysChart(values: values, slots: month.dayCount + 1, currency: household.baseCurrency,
                              guide: status.limitMinor, limit: status.limitMinor, marks: marks)
        guard let image = chart.render() else { return nil }
        return .chartPhoto(image, name: "budget-\(month.iso).png", legend: [l("chart.legend.budget", [
            "name": .text(ReportRenderer(l).budgetName(status.category)), "spent": .text(chart.line.square),
            "pace": .text(DaysChart.guideColour.square), "limit": .text(DaysChart.limitColour.square),
            "amount": .money(Money(minorUnits: status.limitMinor, currency: household.baseCurrency)),
        ])])
    }
}
