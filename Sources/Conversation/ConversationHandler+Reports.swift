import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization
import Reports

/// `/report`, `/budget`, `/rate` and the budget alerts that follow new entries.
extension ConversationHandler {
    func report(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let today = today(of: household)
        switch ReportPeriod.parse(argument, today: today, catalog: catalog) {
        case .month(let month)?:
            return ReportRenderer(l).render(try monthlyReport(month, household: household, today: today))
        case .year(let year)?:
            let months = YearMonth(year: year, month: 1)!...YearMonth(year: year, month: 12)!
            let totals = try ledger.monthTotals(householdID: household.id, months: months)
            return ReportRenderer(l).render(ReportBuilder.yearly(year: year, baseCurrency: household.baseCurrency, totals: totals))
        case nil:
            return l("report.usage")
        }
    }

    func monthlyReport(_ month: YearMonth, household: Household, today: LocalDate) throws -> MonthlyReport {
        try ReportBuilder.monthly(from: ledger, household: household, month: month, today: today)
    }

    func budgetStatuses(_ household: Household, month: YearMonth, today: LocalDate) throws -> [BudgetStatus] {
        try ReportBuilder.budgetStatuses(from: ledger, household: household, month: month, today: today)
    }

    /// `/budget` lists; `/budget кафе 3000` sets a category's; `/budget 40000` the total;
    /// `/budget кафе 0` removes one. The category may be named in any language or form.
    func budget(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let renderer = ReportRenderer(l)
        let today = today(of: household)
        guard !argument.isEmpty else {
            return renderer.render(budgets: try budgetStatuses(household, month: YearMonth(today), today: today),
                                   baseCurrency: household.baseCurrency, month: YearMonth(today))
        }
        var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        let removing = words.last == "0"
        if removing { words.removeLast() }
        let limit: Money?
        var name: String
        if removing {
            limit = nil
            name = words.joined(separator: " ")
        } else {
            guard case .success(let parsed) = EntryParser(baseCurrency: household.baseCurrency).parse(argument, today: today),
                  parsed.count == 1, parsed[0].amount.currency == household.baseCurrency
            else { return l("budget.usage") }
            limit = parsed[0].amount
            name = parsed[0].note
        }
        var category: CategoryKey?
        if !name.isEmpty {
            guard let found = parser.category(named: name) else {
                return l("budget.unknown_category", ["text": .text(name.htmlEscaped)])
            }
            category = found
        }
        try ledger.setBudget(Budget(category: category, limitMinor: limit?.minorUnits ?? 0), householdID: household.id)
        let shownName = renderer.budgetName(category)
        guard let limit else { return l("budget.removed", ["name": .text(shownName)]) }
        return l("budget.set", ["name": .text(shownName), "limit": .money(limit)])
    }

    /// `/rate usd 41,5`: how many base-currency units one unit of a currency is worth.
    func rate(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 2, let currency = Currency(code: words[0]), currency != household.baseCurrency,
              let micros = Self.micros(words[1]), micros > 0
        else { return l("rate.usage") }
        try ledger.setRate(currency, basePerUnitMicros: micros, householdID: household.id)
        return l("rate.set", ["currency": .text(currency.code), "rate": .text(words[1]),
                              "base": .text(household.baseCurrency.code)])
    }

    /// `41,5` or `41.25` as millionths: 41_500_000.
    static func micros(_ text: String) -> Int64? {
        let parts = text.replacing(",", with: ".").split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole < 1_000_000 else { return nil }
        guard parts.count == 2 else { return whole * 1_000_000 }
        let fraction = parts[1]
        guard (1...6).contains(fraction.count), fraction.allSatisfy(\.isNumber),
              let digits = Int64(fraction + String(repeating: "0", count: 6 - fraction.count))
        else { return nil }
        return whole * 1_000_000 + digits
    }

    /// After entries land: each budget they pushed past 80 % or 100 % of its limit is announced
    /// once per threshold per month, to the family chat (or the member when there is none).
    /// Jumping straight past both announces only 100 %, and claims 80 % so it never follows.
    func announceBudgets(after entries: [Entry], member: Member, household: Household) throws {
        let today = today(of: household)
        let months = Set(entries.filter { $0.kind == .expense }.map { YearMonth($0.date) })
        guard !months.isEmpty else { return }
        let touched = Set(entries.map(\.category))
        for month in months.sorted() {
            for status in try budgetStatuses(household, month: month, today: today)
            where status.category == nil || touched.contains(status.category!) {
                guard let reached = status.reachedThreshold else { continue }
                var announce: Int?
                for threshold in [80, 100] where threshold <= reached {
                    if try ledger.claimBudgetAlert(householdID: household.id, category: status.category,
                                                   month: month, threshold: threshold) {
                        announce = threshold
                    }
                }
                guard let threshold = announce else { continue }
                let chat = household.familyChatID ?? member.telegramUserID
                let thread = household.familyChatID == nil ? nil : household.familyThreadID
                let l = household.familyChatID == nil ? localizer(member) : familyLocalizer(household)
                try ledger.enqueue(.message(html: ReportRenderer(l).alert(status, threshold: threshold, base: household.baseCurrency)),
                                   chatID: chat, threadID: thread)
            }
        }
    }
}
