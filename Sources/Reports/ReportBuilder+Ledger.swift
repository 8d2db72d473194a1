import KopiykaCore
import Ledger

extension ReportBuilder {
    /// A household's month, read from the ledger: tens of rows (month totals, the three
    /// largest expenses, members, budgets), whatever the size of its history. A month whose
    /// figures do not fit comes back `isTooLarge` rather than throwing, so the scheduled report
    /// says so instead of failing every household's schedule.
    public static func monthly(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate) throws -> MonthlyReport {
        let totals: [MonthTotal], previous: [MonthTotal]
        do {
            // `month.previous` traps only for January of year 1; months here come from the clock
            // or from `ReportPeriod`, which starts at 2000.
            totals = try ledger.monthTotals(householdID: household.id, months: month...month)
            previous = try ledger.monthTotals(householdID: household.id, months: month.previous...month.previous)
        } catch is MoneyOverflow {
            return .tooLarge(month: month, today: today, baseCurrency: household.baseCurrency)
        }
        return monthly(
            month: month, today: today, baseCurrency: household.baseCurrency, totals: totals, previous: previous,
            largest: try ledger.largestExpenses(householdID: household.id, month: month, limit: 3, shownTo: .books),
            members: try ledger.members(householdID: household.id),
            budgets: try ledger.budgets(householdID: household.id))
    }

    /// Where each of a household's budgets stands in `month`, as of `today`. Throws
    /// `MoneyOverflow` when a budget's spending does not fit in `Int64`.
    public static func budgetStatuses(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate) throws -> [BudgetStatus] {
        let expenses = try ledger.monthTotals(householdID: household.id, months: month...month).filter { $0.kind == .expense }
        let daysLeft = YearMonth(today) == month ? month.dayCount - today.day + 1 : 0
        return try budgetStatuses(try ledger.budgets(householdID: household.id), expenses: expenses, daysLeft: daysLeft)
    }
}
