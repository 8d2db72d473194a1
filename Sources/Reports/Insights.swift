import KopiykaCore

/// A few short observations about a month, each only when its figures mean something: how
/// much of the income was kept, the same month last year, the category that grew most, how
/// long the savings would last, and a 0–100 health score made of the first and the last two
/// with the budgets. Pure: built from month totals and the savings total, never from history.
public struct Insights: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        /// (income − spending) / income, in whole percent; negative when spending passed income.
        case savingsRate(percent: Int)
        /// Spending against the same month a year before, in whole percent either way.
        case sameMonthLastYear(percent: Int)
        /// The category that grew most against the month before: by at least a quarter and
        /// `InsightBuilder.notableMinor`.
        case grew(CategoryKey, percent: Int)
        /// Whole months the savings would pay the average month's spending.
        case runway(months: Int)
    }

    public var lines: [Line] = []
    public var health: HealthScore?
}

/// 0–100: up to 40 for the savings rate (20 % or more earns all), up to 30 for the runway (6
/// months or more), up to 30 for budgets kept (each budget within its limit its share); a part
/// without data is left out and the rest scaled to 100.
public struct HealthScore: Equatable, Sendable {
    public var total: Int
    public var savings: Int?
    public var runway: Int?
    public var budgets: Int?
}

public enum InsightBuilder {
    /// Why 500 ₴ (in the base currency's minor units ×100): smaller moves are noise, not news.
    public static let notableMinor: Int64 = 50_000

    public struct Month: Equatable, Sendable {
        public var spentMinor: Int64
        public var incomeMinor: Int64
        public var byCategory: [CategoryKey: Int64]

        public init(spentMinor: Int64, incomeMinor: Int64, byCategory: [CategoryKey: Int64]) {
            self.spentMinor = spentMinor
            self.incomeMinor = incomeMinor
            self.byCategory = byCategory
        }
    }

    /// `averageSpentMinor`: the average of the last full months with spending (nil without any).
    public static func build(_ month: Month, previous: Month?, lastYear: Month?, savingsMinor: Int64?, averageSpentMinor: Int64?,
                             budgets: [BudgetStatus]) -> Insights {
        var insights = Insights()
        var rate: Int?
        if month.incomeMinor > 0, let kept = percent(month.incomeMinor - month.spentMinor, of: month.incomeMinor) {
            rate = kept
            insights.lines.append(.savingsRate(percent: kept))
        }
        if let lastYear, lastYear.spentMinor >= notableMinor, month.spentMinor > 0,
           let change = percent(month.spentMinor - lastYear.spentMinor, of: lastYear.spentMinor), change != 0 {
            insights.lines.append(.sameMonthLastYear(percent: change))
        }
        if let previous {
            let grown = month.byCategory.compactMap { category, minor -> (CategoryKey, Int, Int64)? in
                let before = previous.byCategory[category] ?? 0
                guard before > 0, minor - before >= notableMinor, let change = percent(minor - before, of: before), change >= 25 else { return nil }
                return (category, change, minor - before)
            }.max { ($0.2, $1.0) < ($1.2, $0.0) }
            if let (category, change, _) = grown { insights.lines.append(.grew(category, percent: change)) }
        }
        var runway: Int?
        if let savingsMinor, savingsMinor > 0, let average = averageSpentMinor, average > 0 {
            runway = Int(savingsMinor / average)
            insights.lines.append(.runway(months: runway ?? 0))
        }
        insights.health = health(rate: rate, runway: runway, budgets: budgets)
        return insights
    }

    static func health(rate: Int?, runway: Int?, budgets: [BudgetStatus]) -> HealthScore? {
        let savings = rate.map { min(max($0, 0), 20) * 2 }
        let lasting = runway.map { min($0, 6) * 5 }
        let kept = budgets.isEmpty ? nil : budgets.filter { $0.spentMinor <= $0.limitMinor }.count * 30 / budgets.count
        let parts = [(savings, 40), (lasting, 30), (kept, 30)].compactMap { score, most in score.map { ($0, most) } }
        guard !parts.isEmpty else { return nil }
        let earned = parts.reduce(0) { $0 + $1.0 }, possible = parts.reduce(0) { $0 + $1.1 }
        return HealthScore(total: earned * 100 / possible, savings: savings, runway: lasting, budgets: kept)
    }

    /// `part / whole` in whole percent, rounded toward zero; nil when it does not fit.
    static func percent(_ part: Int64, of whole: Int64) -> Int? {
        guard whole != 0 else { return nil }
        let value = Int128(part) * 100 / Int128(whole)
        return Int(exactly: value)
    }
}
