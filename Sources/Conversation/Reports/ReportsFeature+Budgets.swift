import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization
import Reports

/// `/report`, `/budget` and the budget alerts that follow new entries.
extension ReportsFeature {
    /// The report's text, and its chart when there is anything to draw.
    func report(_ argument: String, member: Member, household: Household,
                shownTo viewer: Viewer) throws -> (text: String, chart: OutboxContent?) {
        let l = localizer(member)
        let today = today(of: household)
        switch ReportPeriod.read(argument, today: today, catalog: catalog) {
        case .success(.month(let month)):
            let report = try monthlyReport(month, household: household, today: today, shownTo: viewer)
            return (withInsights(ReportRenderer(l).render(report), month: month, household: household, shownTo: viewer, l),
                    chart(report, l))
        case .success(.year(let year)):
            // `read` gives years from 2000 on, so January and December exist.
            guard let first = YearMonth(year: year, month: 1), let last = YearMonth(year: year, month: 12) else {
                return (l("report.usage"), nil)
            }
            var report: YearReport
            do {
                report = ReportBuilder.yearly(year: year, baseCurrency: household.baseCurrency,
                                              totals: try ledger.entries.monthTotals(householdID: household.id, months: first...last))
            } catch is MoneyOverflow {
                return (ReportRenderer(l).tooLarge(l("report.year.title", ["year": .text(String(year))])), nil)
            }
            report.isPast = year < today.year
            return (ReportRenderer(l).render(report), chart(report, l))
        case .failure(.outOfRange):
            return (l("report.period_out_of_range", ["last": .text(String(ReportPeriod.years(today: today).upperBound))]), nil)
        case .failure(.notUnderstood):
            return (l("report.usage"), nil)
        }
    }

    func monthlyReport(_ month: YearMonth, household: Household, today: LocalDate, shownTo viewer: Viewer) throws -> MonthlyReport {
        try ReportBuilder.monthly(from: ledger, household: household, month: month, today: today, shownTo: viewer)
    }

    func budgetStatuses(_ household: Household, month: YearMonth, today: LocalDate, shownTo viewer: Viewer) throws -> [BudgetStatus] {
        try ReportBuilder.budgetStatuses(from: ledger, household: household, month: month, today: today, shownTo: viewer)
    }

    /// `/budget` lists; `/budget кафе 3000` sets a category's; `/budget 40000` the total;
    /// `/budget кафе 0` removes one. The category may be named in any language or form. A limit
    /// is at most `maxBudgetMajor` units of the base currency. What it says of spending is what
    /// `viewer` may see.
    func budget(_ argument: String, member: Member, household: Household, shownTo viewer: Viewer) throws -> String {
        let l = localizer(member)
        let renderer = ReportRenderer(l)
        let today = today(of: household)
        let base = household.baseCurrency
        guard !argument.isEmpty else {
            let month = YearMonth(today)
            do {
                let due = try ReportBuilder.recurringMonth(from: ledger, household: household, month: month, today: today, shownTo: viewer)
                let statuses = try budgetStatuses(household, month: month, today: today, shownTo: viewer)
                return [renderer.render(budgets: statuses, baseCurrency: base, month: month),
                        statuses.isEmpty ? nil : due.flatMap { renderer.stillDue($0.dueMinor, count: $0.dueCount, base: base) }]
                    .compactMap { $0 }.joined(separator: "\n")
            } catch is MoneyOverflow {
                let title = l("budget.title", ["title": .text(l.monthTitle(year: month.year, month: month.month))])
                return title + "\n" + l("report.too_large")
            }
        }
        var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        if let negative = Self.negativeBudget(words) {
            let name = words.dropLast().joined(separator: " ").htmlEscaped
            let command = name.isEmpty ? "/budget" : "/budget " + name
            return l("budget.negative", ["set": .text(command + " " + negative.htmlEscaped), "remove": .text(command + " 0")])
        }
        let removing = words.last == "0"
        if removing { words.removeLast() }
        let limit: Money?
        var name: String
        let largest = Money(minorUnits: Self.maxBudgetMajor * base.minorUnitsPerMajor, currency: base)
        if removing {
            limit = nil
            name = words.joined(separator: " ")
        } else {
            switch EntryParser(baseCurrency: base).parse(argument, today: today) {
            case .failure(.amountTooLarge):
                return l("budget.too_large", ["limit": .money(largest)])
            // Two numbers that could be one amount (`кафе 250 300`): the usage, not a guess.
            case .success(let parsed) where parsed.count == 1 && parsed[0].readings.isEmpty && parsed[0].amount.currency == base:
                guard parsed[0].amount.minorUnits <= largest.minorUnits else {
                    return l("budget.too_large", ["limit": .money(largest)])
                }
                limit = parsed[0].amount
                name = parsed[0].note
            default:
                return l("budget.usage")
            }
        }
        var category: CategoryKey?
        if !name.isEmpty {
            guard let found = parser.category(named: name) else {
                return l("budget.unknown_category", ["text": .text(name.htmlEscaped)])
            }
            category = found
        }
        try ledger.budgets.set(Budget(category: category, limitMinor: limit?.minorUnits ?? 0), householdID: household.id)
        let shownName = renderer.budgetName(category)
        // The month's total is no budget's name: its messages are their own ("Бюджет на місяць").
        let suffix = category == nil ? ".total" : ""
        guard let limit else { return l("budget.removed" + suffix, ["name": .text(shownName)]) }
        let set = l("budget.set" + suffix, ["name": .text(shownName), "limit": .money(limit)])
        let month = YearMonth(today)
        // Past Int64 the budget is exceeded beyond saying by how much: the setting stands.
        guard let status = try? budgetStatuses(household, month: month, today: today, shownTo: viewer).first(where: { $0.category == category }),
              status.reachedThreshold == 100
        else { return set }
        let spent = Money(minorUnits: status.spentMinor, currency: base)
        guard status.isOver else { return set + "\n" + l("budget.set.used_up", ["spent": .money(spent)]) }
        // See `BudgetStatus.leftMinor`: its negation fits.
        return set + "\n" + l("budget.set.over", ["spent": .money(spent), "over": .money(Money(minorUnits: -status.leftMinor, currency: base))])
    }

    /// The amount of `/budget кафе -100` without its sign (`100`), or nil when the last word
    /// is not a negative number: a budget below zero means nothing, and taking the number
    /// without its minus would set what nobody asked for.
    static func negativeBudget(_ words: [String]) -> String? {
        guard let last = words.last, let sign = last.first, "-−–".contains(sign) else { return nil }
        let digits = last.dropFirst()
        guard let first = digits.first, first.isASCII, first.isNumber else { return nil }
        return String(digits)
    }

    /// Why a billion: the most the parser takes for one entry. In minor units it is 10¹¹ for
    /// every currency we know (10¹² even with three fraction digits), far inside `Int64`.
    static let maxBudgetMajor: Int64 = 1_000_000_000

    /// After entries land: each budget they pushed past 80 % or 100 % of its limit is announced
    /// once per threshold per month and audience, to the family chat (or the member when there
    /// is none).
    /// Jumping straight past both announces only 100 %, and claims 80 % so it never follows.
    /// Only this month and the last are news: one message dated across 200 old months must
    /// not queue 200 alerts per budget.
    ///
    /// A category's budget is measured as its audience sees it: the family's alert counts no
    /// private entry, so a budget pushed over only by a member's private spending says nothing
    /// there (its author hears of it only when their own private entries pushed it).
    func announceBudgets(after entries: [Entry], member: Member, household: Household) throws {
        let today = today(of: household)
        let current = YearMonth(today)
        let months = Set(entries.filter { $0.kind == .expense }.map { YearMonth($0.date) })
            .filter { $0 == current || $0 == current.previous }
        guard !months.isEmpty, try !ledger.budgets.list(householdID: household.id).isEmpty else { return }
        let group = try FamilyFeature(context).feedChat(of: household)
        for month in months.sorted() {
            let forFamily: [BudgetStatus], forMember: [BudgetStatus]
            do {
                forFamily = try budgetStatuses(household, month: month, today: today, shownTo: group == nil ? .member(member.id) : .group)
                forMember = group == nil ? forFamily : try budgetStatuses(household, month: month, today: today, shownTo: .member(member.id))
            } catch is MoneyOverflow {
                continue  // Spending past Int64 passed every threshold long ago: nothing new to say.
            }
            // Both lists hold the household's budgets in one order.
            for (familyStatus, memberStatus) in zip(forFamily, forMember)
            where familyStatus.category.map({ category in entries.contains { $0.category == category } }) ?? true {
                // Pushed over by private entries alone: their author hears it, the family does not.
                let concerned = entries.filter { $0.kind == .expense && (familyStatus.category == nil || familyStatus.category == $0.category) }
                let toFamily = group != nil && !concerned.allSatisfy(\.isPrivate)
                let status = toFamily ? familyStatus : memberStatus
                guard let reached = status.reachedThreshold else { continue }
                var announce: Int?
                for threshold in [80, 100] where threshold <= reached {
                    if try ledger.budgets.claimAlert(householdID: household.id, category: status.category, month: month,
                                                     threshold: threshold, memberID: toFamily || group == nil ? nil : member.id) {
                        announce = threshold
                    }
                }
                guard let threshold = announce else { continue }
                let chat = (toFamily ? group : nil) ?? member.telegramUserID
                let thread = toFamily ? household.familyThreadID : nil
                let l = toFamily ? familyLocalizer(household) : localizer(member)
                try ledger.outbox.enqueue(.message(html: ReportRenderer(l).alert(status, threshold: threshold, base: household.baseCurrency)),
                                   chatID: chat, threadID: thread)
            }
        }
    }
}
