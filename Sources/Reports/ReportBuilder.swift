import KopiykaCore
import Ledger

/// Builds reports from month totals: pure functions, so every figure is tested by hand.
public enum ReportBuilder {
    /// The month's report. `totals` and `previous` are the month totals of the month and of
    /// the one before; `today` decides whether the month is still running.
    public static func monthly(
        month: YearMonth, today: LocalDate, baseCurrency: Currency, totals: [MonthTotal],
        previous: [MonthTotal], largest: [Entry], members: [Member], budgets: [Budget]
    ) -> MonthlyReport {
        let expenses = totals.filter { $0.kind == .expense }
        let spent = expenses.reduce(0) { $0 + $1.baseMinor }
        let income = totals.filter { $0.kind == .income }.reduce(0) { $0 + $1.baseMinor }

        var categories: [CategoryKey: MonthlyReport.CategoryLine] = [:]
        for total in expenses {
            var line = categories[total.category]
                ?? .init(category: total.category, baseMinor: 0, share: 0, entryCount: 0, foreign: [])
            line.baseMinor += total.baseMinor
            line.entryCount += total.entryCount
            if total.amount.currency != baseCurrency { line.foreign = merge(line.foreign, total.amount) }
            categories[total.category] = line
        }
        let categoryLines = categories.values.map { line in
            var line = line
            line.share = spent > 0 ? Double(line.baseMinor) / Double(spent) : 0
            return line
        }.sorted { ($0.baseMinor, $1.category) > ($1.baseMinor, $0.category) }

        var bySpender: [Int64: Int64] = [:]
        for total in expenses { bySpender[total.memberID, default: 0] += total.baseMinor }
        let memberLines = members.compactMap { member -> MonthlyReport.MemberLine? in
            guard let spent = bySpender[member.id], spent > 0 else { return nil }
            return .init(memberID: member.id, name: member.name, spentMinor: spent)
        }.sorted { $0.spentMinor > $1.spentMinor }

        let previousSpent = previous.filter { $0.kind == .expense }.reduce(0) { $0 + $1.baseMinor }
        let isCurrent = YearMonth(today) == month
        let daysCounted = isCurrent ? today.day : (month < YearMonth(today) ? month.dayCount : 0)
        let average = daysCounted > 0 ? spent / Int64(daysCounted) : 0
        let daysLeft = isCurrent ? month.dayCount - today.day + 1 : 0

        return MonthlyReport(
            month: month, baseCurrency: baseCurrency, isCurrent: isCurrent, spentMinor: spent,
            incomeMinor: income, expenseCount: expenses.reduce(0) { $0 + $1.entryCount },
            categories: categoryLines, members: memberLines, largest: largest,
            changePercent: previousSpent > 0 ? percentChange(from: previousSpent, to: spent) : nil,
            dailyAverageMinor: average,
            forecastMinor: isCurrent && spent > 0 ? spent * Int64(month.dayCount) / Int64(today.day) : nil,
            budgets: budgetStatuses(budgets, expenses: expenses, daysLeft: daysLeft),
            unconverted: totals.filter { $0.unconverted > 0 }.reduce(into: []) { list, total in
                // A row mixes converted and unconverted entries only around a rate change;
                // the unconverted share is then shown in full, never guessed at.
                list = merge(list, total.amount)
            })
    }

    /// Budget standings for a month's expense totals.
    public static func budgetStatuses(_ budgets: [Budget], expenses: [MonthTotal], daysLeft: Int) -> [BudgetStatus] {
        budgets.map { budget in
            let spent = expenses.filter { budget.category == nil || $0.category == budget.category }
                .reduce(0) { $0 + $1.baseMinor }
            return BudgetStatus(budget: budget, spentMinor: spent, daysLeft: daysLeft)
        }
    }

    public static func yearly(year: Int, baseCurrency: Currency, totals: [MonthTotal]) -> YearReport {
        let months = (1...12).compactMap { YearMonth(year: year, month: $0) }.compactMap { month -> YearReport.MonthLine? in
            let rows = totals.filter { $0.month == month }
            guard !rows.isEmpty else { return nil }
            return .init(month: month,
                         spentMinor: rows.filter { $0.kind == .expense }.reduce(0) { $0 + $1.baseMinor },
                         incomeMinor: rows.filter { $0.kind == .income }.reduce(0) { $0 + $1.baseMinor })
        }
        return YearReport(year: year, baseCurrency: baseCurrency, months: months)
    }

    /// Whole percent, rounded half away from zero: 100 → 150 is +50.
    static func percentChange(from old: Int64, to new: Int64) -> Int {
        let scaled = (new - old) * 200 / old
        return Int((scaled + (scaled >= 0 ? 1 : -1)) / 2)
    }

    private static func merge(_ list: [Money], _ money: Money) -> [Money] {
        var list = list
        if let index = list.firstIndex(where: { $0.currency == money.currency }) {
            list[index] = list[index] + money
        } else {
            list.append(money)
        }
        return list.sorted { $0.currency.code < $1.currency.code }
    }
}
