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

    /// Why half a month: by then the salary and the rent are in and half of the spending is; a
    /// running month younger than that is scored by the last full one.
    static let scoredDays = 15

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
            let today = today(of: household)
            let firstDay = try ledger.entries.firstDay(of: household)
            let average = try ReportBuilder.usualMonth(ledger, household: household, before: month, firstDay: firstDay)
            let budgetFeature = BudgetsFeature(context)
            let budgets = (try? budgetFeature.statuses(household, month: month, today: today, shownTo: viewer)) ?? []
            var scored = InsightBuilder.Scored.month
            let isRunning = YearMonth(today) == month
            let start = max(month.firstDay, firstDay ?? month.firstDay)
            if isRunning, today.daysSinceEpoch - start.daysSinceEpoch + 1 < Self.scoredDays {
                let earlier = back(1)
                if let previous, earlier.firstDay >= firstDay ?? earlier.firstDay, previous.spentMinor > 0 || previous.incomeMinor > 0 {
                    scored = .earlier(earlier, previous, budgets: (try? budgetFeature.statuses(household, month: earlier, today: today, shownTo: viewer)) ?? [])
                } else {
                    scored = .tooEarly
                }
            }
            return InsightBuilder.build(this, previous: previous, lastYear: lastYear,
                                        savingsMinor: try SavingsFeature(context).totalMinor(household), averageSpentMinor: average,
                                        budgets: budgets, isRunning: isRunning, scored: scored)
        } catch is MoneyOverflow {
            return nil
        }
    }

    /// A month's report with its insights under it, when there are any, as `viewer` may see them.
    /// Subscriptions that look duplicated (two music services) come from the household's
    /// recurring items, its shared ones only: the report may be the family group's.
    func withInsights(_ report: String, month: YearMonth, household: Household, shownTo viewer: Viewer, _ l: Localizer) -> String {
        let said = (try? insights(month, household: household, shownTo: viewer)).map { insightLines($0, l) } ?? []
        // One 💡 for the block: a line alone carries it, several go under a title.
        var lines = said.count == 1 ? said.map { l("insight.one", ["text": .text($0)]) }
            : said.isEmpty ? [] : [l("insight.title")] + said.map { l("insight.line", ["text": .text($0)]) }
        let recurring = RecurringFeature(context)
        lines += (try? recurring.duplicateLines(household, shownTo: .group, l)) ?? []
        return lines.isEmpty ? report : report + "\n\n" + lines.joined(separator: "\n")
    }

    /// The insights as short lines, one each.
    func insightLines(_ insights: Insights, _ l: Localizer) -> [String] {
        insights.lines.map { line in
            switch line {
            case .savingsRate(let percent, let soFar): l(soFar ? "insight.savings_rate.so_far" : "insight.savings_rate", ["percent": .number(percent)])
            case .overspent(let percent): l("insight.overspent", ["percent": .number(percent)])
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
        guard let insights = try insights(YearMonth(today(of: household)), household: household, shownTo: viewer),
              let score = insights.health
        else {
            // Early in a household's first month: say when a score comes, not what to add.
            let today = today(of: household), month = YearMonth(today)
            let start = max(month.firstDay, try ledger.entries.firstDay(of: household) ?? month.firstDay)
            let from = start.adding(days: Self.scoredDays - 1)
            if today < from, from <= month.lastDay { return l("health.later", ["date": .text(l.dayAndMonth(from))]) }
            return l(try SavingsFeature(context).totalMinor(household) != nil ? "health.empty.saver" : "health.empty")
        }
        var lines = [l("health.title", ["score": .number(score.total)])]
        if score.month != nil { lines.append(l("health.earlier")) }
        if let savings = score.savings { lines.append(l("health.savings", ["points": .number(savings)])) }
        if let runway = score.runway { lines.append(l("health.runway", ["points": .number(runway)])) }
        if let budgets = score.budgets { lines.append(l("health.budgets", ["points": .number(budgets)])) }
        lines.append(l("health.how"))
        return lines.joined(separator: "\n")
    }
}
