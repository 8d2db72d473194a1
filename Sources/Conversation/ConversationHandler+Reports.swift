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
        switch ReportPeriod.read(argument, today: today, catalog: catalog) {
        case .success(.month(let month)):
            return ReportRenderer(l).render(try monthlyReport(month, household: household, today: today))
        case .success(.year(let year)):
            // `read` gives years from 2000 on, so January and December exist.
            guard let first = YearMonth(year: year, month: 1), let last = YearMonth(year: year, month: 12) else {
                return l("report.usage")
            }
            let report: YearReport
            do {
                report = ReportBuilder.yearly(year: year, baseCurrency: household.baseCurrency,
                                              totals: try ledger.monthTotals(householdID: household.id, months: first...last))
            } catch is MoneyOverflow {
                return ReportRenderer(l).tooLarge(String(year))
            }
            return ReportRenderer(l).render(report)
        case .failure(.outOfRange):
            return l("report.period_out_of_range", ["last": .text(String(ReportPeriod.years(today: today).upperBound))])
        case .failure(.notUnderstood):
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
    /// `/budget кафе 0` removes one. The category may be named in any language or form. A limit
    /// is at most `maxBudgetMajor` units of the base currency.
    func budget(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let renderer = ReportRenderer(l)
        let today = today(of: household)
        let base = household.baseCurrency
        guard !argument.isEmpty else {
            let month = YearMonth(today)
            do {
                return renderer.render(budgets: try budgetStatuses(household, month: month, today: today),
                                       baseCurrency: base, month: month)
            } catch is MoneyOverflow {
                let title = l("budget.title", ["title": .text(l.monthTitle(year: month.year, month: month.month))])
                return title + "\n" + l("report.too_large")
            }
        }
        var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
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
            case .success(let parsed) where parsed.count == 1 && parsed[0].amount.currency == base:
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
        try ledger.setBudget(Budget(category: category, limitMinor: limit?.minorUnits ?? 0), householdID: household.id)
        let shownName = renderer.budgetName(category)
        guard let limit else { return l("budget.removed", ["name": .text(shownName)]) }
        return l("budget.set", ["name": .text(shownName), "limit": .money(limit)])
    }

    /// Why a billion: the most the parser takes for one entry. In minor units it is 10¹¹ for
    /// every currency we know (10¹² even with three fraction digits), far inside `Int64`.
    static let maxBudgetMajor: Int64 = 1_000_000_000

    /// `/rate usd 41,5`: how many base-currency units one unit of a currency is worth; only a
    /// rate within `LedgerConversion.plausibleRange` of the pair.
    func rate(_ argument: String, member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let base = household.baseCurrency
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 2, let currency = Currency(code: words[0]), currency != base,
              let micros = Self.micros(words[1]), micros > 0
        else { return l("rate.usage") }
        let range = LedgerConversion.plausibleRange(of: currency, in: base)
        guard range.contains(micros) else {
            func shown(_ micros: Int64) -> String { l.number(Self.decimal(micros: micros)) }
            return l("rate.out_of_range", [
                "currency": .text(currency.code), "base": .text(base.code), "code": .text(currency.code.lowercased()),
                "lowest": .text(shown(range.lowestMicros)), "highest": .text(shown(range.highestMicros)),
                "typical": .text(shown(range.typicalMicros).replacing("\u{A0}", with: "")),
            ])
        }
        do {
            try ledger.setRate(currency, basePerUnitMicros: micros, householdID: household.id)
        } catch is MoneyOverflow {
            return l("report.too_large")
        }
        return l("rate.set", ["currency": .text(currency.code), "rate": .text(words[1]), "base": .text(base.code)])
    }

    /// Millionths as the shortest decimal that shows them: 41_500_000 is 41.5.
    static func decimal(micros: Int64) -> DecimalNumber {
        var units = micros, digits = 6
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        return DecimalNumber(units, fractionDigits: digits)
    }

    /// `41,5` or `41.25` as millionths: 41_500_000. Digits only: `Int64` alone would take
    /// `-0,5` as 0.5.
    static func micros(_ text: String) -> Int64? {
        let parts = text.replacing(",", with: ".").split(separator: ".", omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard (1...2).contains(parts.count), digits(parts[0]), let whole = Int64(parts[0]), whole < 1_000_000 else { return nil }
        guard parts.count == 2 else { return whole * 1_000_000 }
        let fraction = parts[1]
        guard (1...6).contains(fraction.count), digits(fraction),
              let digits = Int64(fraction + String(repeating: "0", count: 6 - fraction.count))
        else { return nil }
        return whole * 1_000_000 + digits
    }

    /// After entries land: each budget they pushed past 80 % or 100 % of its limit is announced
    /// once per threshold per month, to the family chat (or the member when there is none).
    /// Jumping straight past both announces only 100 %, and claims 80 % so it never follows.
    /// Only this month and the last are news: one message dated across 200 old months must
    /// not queue 200 alerts per budget.
    func announceBudgets(after entries: [Entry], member: Member, household: Household) throws {
        let today = today(of: household)
        let current = YearMonth(today)
        let months = Set(entries.filter { $0.kind == .expense }.map { YearMonth($0.date) })
            .filter { $0 == current || $0 == current.previous }
        guard !months.isEmpty else { return }
        let touched = Set(entries.map(\.category))
        for month in months.sorted() {
            let statuses: [BudgetStatus]
            do {
                statuses = try budgetStatuses(household, month: month, today: today)
            } catch is MoneyOverflow {
                continue  // Spending past Int64 passed every threshold long ago: nothing new to say.
            }
            for status in statuses where status.category.map(touched.contains) ?? true {
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
