import KopiykaCore
import Ledger

extension ReportBuilder {
    /// A household's month as `viewer` may see it, read from the ledger: tens of rows (month
    /// totals, the three largest expenses, members, budgets, the private entries hidden from
    /// the viewer through their own index) plus, while the month runs, the previous month's
    /// entries of the same days and this month's after them, whatever the size of its history.
    /// A month whose figures do not fit comes back `isTooLarge` rather than throwing, so the
    /// scheduled report says so instead of failing every household's schedule.
    public static func monthly(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate,
                               shownTo viewer: Viewer) throws -> MonthlyReport {
        let totals: [MonthTotal], previous: [MonthTotal]
        var context = MonthContext()
        do {
            // `month.previous` traps only for January of year 1; months here come from the clock
            // or from `ReportPeriod`, which starts at 2000.
            totals = try ledger.entries.monthTotals(householdID: household.id, months: month...month)
            previous = try ledger.entries.monthTotals(householdID: household.id, months: month.previous...month.previous)
            if YearMonth(today) == month {
                context.sameDays = try sameDays(ledger, household: household, month: month, today: today, totals: totals)
            }
        } catch is MoneyOverflow {
            return .tooLarge(month: month, today: today, baseCurrency: household.baseCurrency)
        }
        context.hidden = try ledger.entries.hidden(householdID: household.id, dates: month.days, from: viewer)
        context.firstDay = try ledger.entries.firstDay(of: household)
        do {
            context.recurring = try recurringMonth(from: ledger, household: household, month: month, today: today, shownTo: viewer)
            if YearMonth(today) == month {
                context.usualMinor = try usualMonth(ledger, household: household, before: month, firstDay: context.firstDay, everyday: true)
                let spent = try totals.filter { $0.kind == .expense }.map(\.baseMinor).checkedSum()
                let pace = Pace(month: month, today: today, firstDay: context.firstDay)
                context.oneOffsMinor = Forecast.oneOffs(
                    try ledger.entries.largestOwnExpenses(householdID: household.id, dates: month.firstDay...today, limit: Forecast.oneOffLimit),
                    of: spent - min(context.recurring?.recordedMinor ?? 0, spent), days: pace.daysSoFar)
            }
        } catch is MoneyOverflow {
            return .tooLarge(month: month, today: today, baseCurrency: household.baseCurrency)
        }
        return monthly(
            month: month, today: today, baseCurrency: household.baseCurrency, totals: totals, previous: previous,
            largest: try ledger.entries.largestExpenses(householdID: household.id, month: month, limit: 3, shownTo: viewer),
            members: try ledger.families.members(householdID: household.id) + ledger.families.formerMembers(householdID: household.id),
            budgets: try ledger.budgets.list(householdID: household.id), context: context)
    }

    /// The household's usual month before `month`: the average spending of the last three
    /// months that began on or after its first day and had any; nil without one. Three months'
    /// totals: tens of rows. `everyday`: each month without its one-off purchases (see
    /// `Forecast.oneOffs`), so that January's fridge is not expected again in February: a few
    /// more rows per month.
    public static func usualMonth(_ ledger: Ledger, household: Household, before month: YearMonth,
                                  firstDay: LocalDate?, everyday: Bool = false) throws -> Int64? {
        let months = [month.previous, month.previous.previous, month.previous.previous.previous]
            .filter { $0.firstDay >= (firstDay ?? $0.firstDay) }
        guard let first = months.min(), let last = months.max() else { return nil }
        let totals = try ledger.entries.monthTotals(householdID: household.id, months: first...last).filter { $0.kind == .expense }
        var usual: [Int64] = []
        for m in months {
            var spent = try totals.filter { $0.month == m }.map(\.baseMinor).checkedSum()
            guard spent > 0 else { continue }
            if everyday {
                let largest = try ledger.entries.largestOwnExpenses(householdID: household.id, dates: m.days, limit: Forecast.oneOffLimit)
                spent -= Forecast.oneOffs(largest, of: spent, days: m.dayCount)
            }
            usual.append(spent)
        }
        return usual.isEmpty ? nil : try usual.checkedSum() / Int64(usual.count)
    }

    /// Days 1…N of a running month against the same days of the month before: N is today,
    /// or the previous month's last day when it is shorter (30 March against 1–28 February).
    static func sameDays(_ ledger: Ledger, household: Household, month: YearMonth, today: LocalDate,
                         totals: [MonthTotal]) throws -> SameDays {
        let through = min(today.day, month.previous.dayCount)
        // Both days exist: `through` is at most either month's length.
        let previousDays = month.previous.firstDay...month.previous.firstDay.adding(days: through - 1)
        let spent = try totals.filter { $0.kind == .expense }.map(\.baseMinor).checkedSum()
        var later: Int64 = 0
        if through < month.dayCount {
            later = try ledger.entries.expenseBaseMinor(householdID: household.id, dates: month.firstDay.adding(days: through)...month.lastDay)
        }
        return SameDays(throughDay: through,
                        previousMinor: try ledger.entries.expenseBaseMinor(householdID: household.id, dates: previousDays),
                        currentMinor: try CheckedMinor.subtract(spent, later))
    }

    /// Where each of a household's budgets stands in `month`, as of `today`, as `viewer` may
    /// see it (a category's budget leaves out the private entries hidden from them). Throws
    /// `MoneyOverflow` when a budget's spending does not fit in `Int64`.
    public static func budgetStatuses(from ledger: Ledger, household: Household, month: YearMonth, today: LocalDate,
                                      shownTo viewer: Viewer) throws -> [BudgetStatus] {
        // Budgets first: most families set none, and every entry asks (the month's totals are the costlier read).
        let budgets = try ledger.budgets.list(householdID: household.id)
        guard !budgets.isEmpty else { return [] }
        let expenses = try ledger.entries.monthTotals(householdID: household.id, months: month...month).filter { $0.kind == .expense }
        let hidden = budgets.allSatisfy { $0.category == nil } ? []
            : try ledger.entries.hidden(householdID: household.id, dates: month.days, from: viewer)
        let daysLeft = YearMonth(today) == month ? month.dayCount - today.day + 1 : 0
        return try budgetStatuses(budgets, expenses: expenses, shown: expenses.removing(hidden), daysLeft: daysLeft)
    }
}
