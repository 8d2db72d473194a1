import KopiykaCore
import Ledger

/// Builds reports from month totals: pure functions, so every figure is tested by hand.
///
/// Every sum, share, average, forecast and change is checked: a figure that does not fit in
/// `Int64` minor units makes the whole report `isTooLarge` (the renderer says so), never a
/// trap and never a wrapped value.
public enum ReportBuilder {
    /// The month's report. `totals` and `previous` are the month totals of the month and of
    /// the one before; `today` decides whether the month is still running; `context` says who
    /// reads it (see `MonthContext`).
    public static func monthly(
        month: YearMonth, today: LocalDate, baseCurrency: Currency, totals: [MonthTotal],
        previous: [MonthTotal], largest: [Entry], members: [Member], budgets: [Budget],
        context: MonthContext = MonthContext()
    ) -> MonthlyReport {
        do {
            return try checkedMonthly(month: month, today: today, baseCurrency: baseCurrency, totals: totals,
                                      previous: previous, largest: largest, members: members, budgets: budgets, context: context)
        } catch {
            return .tooLarge(month: month, today: today, baseCurrency: baseCurrency)
        }
    }

    static func checkedMonthly(
        month: YearMonth, today: LocalDate, baseCurrency: Currency, totals: [MonthTotal],
        previous: [MonthTotal], largest: [Entry], members: [Member], budgets: [Budget], context: MonthContext
    ) throws(MoneyOverflow) -> MonthlyReport {
        let expenses = totals.filter { $0.kind == .expense }
        let spent = try expenses.map(\.baseMinor).checkedSum()
        let income = try totals.filter { $0.kind == .income }.map(\.baseMinor).checkedSum()
        // Lines show only what the reader may see; the figures above count everything.
        let visible = totals.removing(context.hidden)
        let shown = visible.filter { $0.kind == .expense }
        var unconverted: [Money] = []
        for total in visible where total.unconverted > 0 { unconverted = try merge(unconverted, total.amount) }

        var categories: [CategoryKey: MonthlyReport.CategoryLine] = [:]
        for total in shown {
            var line = categories[total.category]
                ?? .init(category: total.category, baseMinor: 0, share: 0, entryCount: 0, foreign: [])
            line.baseMinor = try CheckedMinor.add(line.baseMinor, total.baseMinor)
            line.entryCount += total.entryCount  // A count of stored rows: far below Int.max.
            // A row mixes converted and unconverted entries only around a rate change; it is
            // then shown as unconverted in full, never guessed at.
            if total.unconverted > 0 {
                line.unconverted = try merge(line.unconverted, total.amount)
            } else if total.amount.currency != baseCurrency {
                line.foreign = try merge(line.foreign, total.amount)
            }
            categories[total.category] = line
        }
        let categoryLines = categories.values.map { line in
            var line = line
            line.share = spent > 0 ? Double(line.baseMinor) / Double(spent) : 0
            return line
        }.sorted { ($0.baseMinor, $1.category) > ($1.baseMinor, $0.category) }

        var bySpender: [Int64: Int64] = [:]
        for total in shown { bySpender[total.memberID] = try CheckedMinor.add(bySpender[total.memberID] ?? 0, total.baseMinor) }
        let memberLines = members.compactMap { member -> MonthlyReport.MemberLine? in
            guard let spent = bySpender[member.id], spent > 0 else { return nil }
            return .init(memberID: member.id, name: member.name, spentMinor: spent)
        }.sorted { $0.spentMinor > $1.spentMinor }

        let isCurrent = YearMonth(today) == month
        var change: Int?
        if let same = context.sameDays {
            // A day or two against a day or two is a coin toss, not a trend.
            if same.previousMinor > 0, same.throughDay >= Forecast.minimumDays {
                change = try percentChange(from: same.previousMinor, to: same.currentMinor)
            }
        } else {
            let previousSpent = try previous.filter { $0.kind == .expense }.map(\.baseMinor).checkedSum()
            if previousSpent > 0 { change = try percentChange(from: previousSpent, to: spent) }
        }
        let pace = Pace(month: month, today: today, firstDay: context.firstDay)
        let recurring = isCurrent ? context.recurring : nil
        var forecast = Forecast(minor: nil, basis: .pace, from: nil)
        if isCurrent && (spent > 0 || (recurring?.dueMinor ?? 0) > 0) && pace.daysSoFar > 0 {
            forecast = try Forecast(spent: spent, pace: pace, recurring: recurring ?? RecurringMonth(),
                                    oneOffsMinor: context.oneOffsMinor, usualMinor: context.usualMinor, today: today, month: month)
        }
        return MonthlyReport(
            month: month, baseCurrency: baseCurrency, isCurrent: isCurrent, isPast: month < YearMonth(today), spentMinor: spent,
            incomeMinor: income, expenseCount: expenses.reduce(0) { $0 + $1.entryCount },
            categories: categoryLines, members: memberLines, largest: largest,
            changePercent: change, changeThroughDay: context.sameDays?.throughDay,
            dailyAverageMinor: pace.daysSoFar > 0 ? spent / Int64(pace.daysSoFar) : 0, forecastMinor: forecast.minor,
            forecastBasis: forecast.basis, forecastFrom: forecast.from,
            budgets: try budgetStatuses(budgets, expenses: expenses, shown: shown, daysLeft: isCurrent ? month.dayCount - today.day + 1 : 0),
            unconverted: unconverted, hidesPrivate: !context.hidden.isEmpty,
            dueMinor: recurring?.dueMinor ?? 0, dueCount: recurring?.dueCount ?? 0)
    }

    /// Budget standings for a month's expense totals; `MoneyOverflow` when a budget's spending
    /// does not fit in `Int64`. The month's budget counts every expense, as the report's total
    /// does; a category's counts `shown`, what its reader may see of them, as the report's
    /// category lines do: a category budget with one private entry in it would show its amount.
    public static func budgetStatuses(_ budgets: [Budget], expenses: [MonthTotal], shown: [MonthTotal],
                                      daysLeft: Int) throws(MoneyOverflow) -> [BudgetStatus] {
        var statuses: [BudgetStatus] = []
        for budget in budgets {
            let counted = budget.category == nil ? expenses : shown.filter { $0.category == budget.category }
            let spent = try counted.map(\.baseMinor).checkedSum()
            statuses.append(BudgetStatus(budget: budget, spentMinor: spent, daysLeft: daysLeft))
        }
        return statuses
    }

    public static func yearly(year: Int, baseCurrency: Currency, totals: [MonthTotal]) -> YearReport {
        do {
            var months: [YearReport.MonthLine] = []
            for month in (1...12).compactMap({ YearMonth(year: year, month: $0) }) {
                let rows = totals.filter { $0.month == month }
                guard !rows.isEmpty else { continue }
                months.append(.init(month: month,
                                    spentMinor: try rows.filter { $0.kind == .expense }.map(\.baseMinor).checkedSum(),
                                    incomeMinor: try rows.filter { $0.kind == .income }.map(\.baseMinor).checkedSum()))
            }
            return YearReport(year: year, baseCurrency: baseCurrency, months: months,
                              spentMinor: try months.map(\.spentMinor).checkedSum(),
                              incomeMinor: try months.map(\.incomeMinor).checkedSum())
        } catch {
            return .tooLarge(year: year, baseCurrency: baseCurrency)
        }
    }

    /// Whole percent, rounded half away from zero: 100 → 150 is +50. In 128 bits: the change of
    /// two `Int64` times 200 fits there; a percentage past `Int` throws.
    static func percentChange(from old: Int64, to new: Int64) throws(MoneyOverflow) -> Int {
        guard old != 0 else { throw MoneyOverflow() }
        let scaled = (Int128(new) - Int128(old)) * 200 / Int128(old)
        guard let percent = Int(exactly: (scaled + (scaled >= 0 ? 1 : -1)) / 2) else { throw MoneyOverflow() }
        return percent
    }

    static func merge(_ list: [Money], _ money: Money) throws(MoneyOverflow) -> [Money] {
        var list = list
        if let index = list.firstIndex(where: { $0.currency == money.currency }) {
            list[index] = try list[index].adding(money)
        } else {
            list.append(money)
        }
        return list.sorted { $0.currency.code < $1.currency.code }
    }
}

/// The days a month's daily average and forecast count: from its 1st or the household's
/// first day, whichever is later, to today (a running month) or its last day (a past one).
struct Pace {
    /// Days counted so far; 0 for a month that has not begun.
    let daysSoFar: Int
    /// Days from the first counted one to the month's end.
    let daysInAll: Int

    init(month: YearMonth, today: LocalDate, firstDay: LocalDate?) {
        let start = max(month.firstDay, firstDay ?? month.firstDay)
        let end = YearMonth(today) == month ? today : month.lastDay
        let begun = month <= YearMonth(today) && start <= end
        daysSoFar = begun ? end.daysSinceEpoch - start.daysSinceEpoch + 1 : 0
        daysInAll = begun ? month.lastDay.daysSinceEpoch - start.daysSinceEpoch + 1 : 0
    }
}
