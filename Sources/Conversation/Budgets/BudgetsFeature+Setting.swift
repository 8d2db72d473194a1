import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization
import Reports

/// `/budget`: the month's budgets, or one set, changed or removed.
extension BudgetsFeature {
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
                let statuses = try statuses(household, month: month, today: today, shownTo: viewer)
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
        guard let status = try? statuses(household, month: month, today: today, shownTo: viewer).first(where: { $0.category == category }),
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
}
