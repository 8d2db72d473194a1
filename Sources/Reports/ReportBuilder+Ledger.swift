import KopiykaCore
import Ledger

extension ReportBuilder {
    /// A household's month, read from the ledger: tens of rows (month totals, the three
    /// largest expenses, members, budgets), whatever the size of its history.
    public static func monthly(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate) throws -> MonthlyReport {
        monthly(
            month: month, today: today, baseCurrency: household.baseCurrency,
            totals: try ledger.monthTotals(householdID: household.id, months: month...month),
            previous: try ledger.monthTotals(householdID: household.id, months: month.previous...month.previous),
            largest: try ledger.largestExpenses(householdID: household.id, month: month, limit: 3),
            members: try ledger.members(householdID: household.id),
            budgets: try ledger.budgets(householdID: household.id))
    }

    /// Where each of a household's budgets stands in `month`, as of `today`.
    public static func budgetStatuses(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate) throws -> [BudgetStatus] {
        let expenses = try ledger.monthTotals(householdID: household.id, months: month...month).filter { $0.kind == .expense }
        let daysLeft = YearMonth(today) == month ? month.dayCount - today.day + 1 : 0
        return budgetStatuses(try ledger.budgets(householdID: household.id), expenses: expenses, daysLeft: daysLeft)
    }
}
