import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

extension ReportsFeature {
    static let healthCommands: [KnownCommand] = [
        KnownCommand("health", section: .reports, helpRank: 28, menuRank: 20, words: ["здоровʼя", "здоровье", "health"]) { call in
            let reports = ReportsFeature(call.context)
            try call.reply(try reports.health(call.member, household: call.household,
                                              shownTo: reports.viewer(in: call.message.chat, call.member)))
        },
    ]

    /// The month's insights from the month totals of this month, the one before, the same
    /// month last year and the three full months before it, and the savings total: tens of rows.
    /// Nil when a sum leaves `Int64`. Categories are compared as `viewer` sees them, as the
    /// report's lines are: a private entry counts in the totals only, so "most grown" never
    /// names a category for spending its reader cannot see.
    func insights(_ month: YearMonth, household: Household, shownTo viewer: Viewer) throws -> Insights? {
        /// `month`, `n` months back. Months here come from the clock or `ReportPeriod`, which
        /// starts at 2000, so `previous` never leaves the calendar.
        func back(_ n: Int) -> YearMonth { (0..<n).reduce(month) { m, _ in m.previous } }
        func read(_ months: [YearMonth]) throws -> [InsightBuilder.Month] {
            guard let first = months.min(), let last = months.max() else { return [] }
            let totals = try ledger.entries.monthTotals(householdID: household.id, months: first...last)
            let shown = totals.removing(try ledger.entries.hidden(householdID: household.id,
                                                                  dates: first.firstDay...last.lastDay, from: viewer))
            return try months.map { m in
                var byCategory: [CategoryKey: Int64] = [:]
                var spent: Int64 = 0, income: Int64 = 0
                for total in totals where total.month == m {
                    if total.kind == .income {
                        income = try CheckedMinor.add(income, total.baseMinor)
                    } else {
                        spent = try CheckedMinor.add(spent, total.baseMinor)
                    }
                }
                for total in shown where total.month == m && total.kind == .expense {
                    byCategory[total.category] = try CheckedMinor.add(byCategory[total.category] ?? 0, total.baseMinor)
                }
                return InsightBuilder.Month(spentMinor: spent, incomeMinor: income, byCategory: byCategory)
            }
        }
        do {
            guard let this = try read([month]).first else { return nil }
            let previous = try read([back(1)]).first
            let lastYear = try read([back(12)]).first
            let full = try read([back(3), back(2), back(1)])
            let spending = full.map(\.spentMinor).filter { $0 > 0 }
            let average = spending.isEmpty ? nil : try spending.checkedSum() / Int64(spending.count)
            let today = today(of: household)
            let budgets = (try? budgetStatuses(household, month: month, today: today, shownTo: viewer)) ?? []
            return InsightBuilder.build(this, previous: previous, lastYear: lastYear,
                                        savingsMinor: try SavingsFeature(context).totalMinor(household), averageSpentMinor: average,
                                        budgets: budgets)
        } catch is MoneyOverflow {
            return nil
        }
    }

    /// A month's report with its insights under it, when there are any, as `viewer` may see them.
    /// Subscriptions that look duplicated (two music services) come from the household's
    /// recurring items, its shared ones only: the report may be the family group's.
    func withInsights(_ report: String, month: YearMonth, household: Household, shownTo viewer: Viewer, _ l: Localizer) -> String {
        var lines = (try? insights(month, household: household, shownTo: viewer)).map { insightLines($0, l) } ?? []
        let recurring = RecurringFeature(context)
        lines += (try? recurring.duplicateLines(household, shownTo: .group, l)) ?? []
        return lines.isEmpty ? report : report + "\n\n" + lines.joined(separator: "\n")
    }

    /// The insights as short lines, one each.
    func insightLines(_ insights: Insights, _ l: Localizer) -> [String] {
        insights.lines.map { line in
            switch line {
            case .savingsRate(let percent): l("insight.savings_rate", ["percent": .number(percent)])
            case .sameMonthLastYear(let percent):
                l(percent > 0 ? "insight.last_year.more" : "insight.last_year.less", ["percent": .number(abs(percent))])
            case .grew(let category, let percent):
                l("insight.grew", ["category": .text(l.categoryName(category).htmlEscaped), "percent": .number(percent)])
            case .runway(let months): l("insight.runway", ["months": .number(months)])
            }
        }
    }

    /// `/health`: the score and what it is made of, in plain words.
    func health(_ member: Member, household: Household, shownTo viewer: Viewer) throws -> String {
        let l = localizer(member)
        guard let score = try insights(YearMonth(today(of: household)), household: household, shownTo: viewer)?.health
        else { return l("health.empty") }
        var lines = [l("health.title", ["score": .number(score.total)])]
        if let savings = score.savings { lines.append(l("health.savings", ["points": .number(savings)])) }
        if let runway = score.runway { lines.append(l("health.runway", ["points": .number(runway)])) }
        if let budgets = score.budgets { lines.append(l("health.budgets", ["points": .number(budgets)])) }
        lines.append(l("health.how"))
        return lines.joined(separator: "\n")
    }
}
