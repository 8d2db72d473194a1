import KopiykaCore
import Ledger

/// Builds reports from month totals: pure functions, so every figure is tested by hand.
///
/// Every sum, share, average, forecast and change is checked: a figure that does not fit in
/// `Int64` minor units makes the whole report `isTooLarge` (the renderer says so), never a
/// trap and never a wrapped value.
public enum ReportBuilder {
    /// The month's report. `totals` and `previous` are the month totals of the month and of
    /// the one before; `today` decides whether the month is still running.
    public static func monthly(
        month: YearMonth, today: LocalDate, baseCurrency: Currency, totals: [MonthTotal],
        previous: [MonthTotal], largest: [Entry], members: [Member], budgets: [Budget]
    ) -> MonthlyReport {
        do {
            return try checkedMonthly(month: month, today: today, baseCurrency: baseCurrency, totals: totals,
                                      previous: previous, largest: largest, members: members, budgets: budgets)
        } catch {
            return .tooLarge(month: month, today: today, baseCurrency: baseCurrency)
        }
    }

    static func checkedMonthly(
        month: YearMonth, today: LocalDate, baseCurrency: Currency, totals: [MonthTotal],
        previous: [MonthTotal], largest: [Entry], members: [Member], budgets: [Budget]
    ) throws(MoneyOverflow) -> MonthlyReport {
        let expenses = totals.filter { $0.kind == .expense }
        let spent = try expenses.map(\.baseMinor).checkedSum()
        let income = try totals.filter { $0.kind == .income }.map(\.baseMinor).checkedSum()

        var categories: [CategoryKey: MonthlyReport.CategoryLine] = [:]
        for total in expenses {
            var line = categories[total.category]
                ?? .init(category: total.category, baseMinor: 0, share: 0, entryCount: 0, foreign: [])
            line.baseMinor = try CheckedMinor.add(line.baseMinor, total.baseMinor)
            line.entryCount += total.entryCount  // A count of stored rows: far below Int.max.
            if total.amount.currency != baseCurrency { line.foreign = try merge(line.foreign, total.amount) }
            categories[total.category] = line
        }
        let categoryLines = categories.values.map { line in
            var line = line
            line.share = spent > 0 ? Double(line.baseMinor) / Double(spent) : 0
            return line
        }.sorted { ($0.baseMinor, $1.category) > ($1.baseMinor, $0.category) }

        var bySpender: [Int64: Int64] = [:]
        for total in expenses { bySpender[total.memberID] = try CheckedMinor.add(bySpender[total.memberID] ?? 0, total.baseMinor) }
        let memberLines = members.compactMap { member -> MonthlyReport.MemberLine? in
            guard let spent = bySpender[member.id], spent > 0 else { return nil }
            return .init(memberID: member.id, name: member.name, spentMinor: spent)
        }.sorted { $0.spentMinor > $1.spentMinor }

        let previousSpent = try previous.filter { $0.kind == .expense }.map(\.baseMinor).checkedSum()
        let isCurrent = YearMonth(today) == month
        let daysCounted = isCurrent ? today.day : (month < YearMonth(today) ? month.dayCount : 0)
        let daysLeft = isCurrent ? month.dayCount - today.day + 1 : 0
        var change: Int?, forecast: Int64?
        if previousSpent > 0 { change = try percentChange(from: previousSpent, to: spent) }
        if isCurrent && spent > 0 { forecast = try CheckedMinor.scale(spent, by: Int64(month.dayCount), dividedBy: Int64(today.day)) }
        var unconverted: [Money] = []
        // A row mixes converted and unconverted entries only around a rate change; the
        // unconverted share is then shown in full, never guessed at.
        for total in totals where total.unconverted > 0 { unconverted = try merge(unconverted, total.amount) }

        return MonthlyReport(
            month: month, baseCurrency: baseCurrency, isCurrent: isCurrent, spentMinor: spent,
            incomeMinor: income, expenseCount: expenses.reduce(0) { $0 + $1.entryCount },
            categories: categoryLines, members: memberLines, largest: largest,
            changePercent: change, dailyAverageMinor: daysCounted > 0 ? spent / Int64(daysCounted) : 0, forecastMinor: forecast,
            budgets: try budgetStatuses(budgets, expenses: expenses, daysLeft: daysLeft),
            unconverted: unconverted)
    }

    /// Budget standings for a month's expense totals; `MoneyOverflow` when a budget's spending
    /// does not fit in `Int64`.
    public static func budgetStatuses(_ budgets: [Budget], expenses: [MonthTotal], daysLeft: Int) throws(MoneyOverflow) -> [BudgetStatus] {
        var statuses: [BudgetStatus] = []
        for budget in budgets {
            let spent = try expenses.filter { budget.category == nil || $0.category == budget.category }.map(\.baseMinor).checkedSum()
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

    private static func merge(_ list: [Money], _ money: Money) throws(MoneyOverflow) -> [Money] {
        var list = list
        if let index = list.firstIndex(where: { $0.currency == money.currency }) {
            list[index] = try list[index].adding(money)
        } else {
            list.append(money)
        }
        return list.sorted { $0.currency.code < $1.currency.code }
    }
}
