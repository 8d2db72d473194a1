import KopiykaCore

/// A few short observations about a month, each only when its figures mean something: how
/// much of the income was kept, the same month last year, the category that grew most, how
/// long the savings would last, and a 0–100 health score made of the first and the last two
/// with the budgets. Pure: built from month totals and the savings total, never from history.
/// A running month's lines say "so far" and compare nothing with a whole month.
public struct Insights: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        /// (income − spending) / income, in whole percent, 0…100; `soFar` in a running month.
        case savingsRate(percent: Int, soFar: Bool)
        /// Spending passed income by (spending − income) / income, in whole percent.
        case overspent(percent: Int)
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
    /// The month the savings and budget parts were read from, when not the one asked about:
    /// early in a month, the last full one.
    public var month: YearMonth?
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

    /// What a health score reads its savings rate and budgets from. Early in a running month
    /// its own figures mean little (a salary on the 1st is "100 % kept"), so the last full month's.
    public enum Scored: Equatable, Sendable {
        /// The month itself, with the budgets given to `build`.
        case month
        /// An earlier full month, with that month's budget standings.
        case earlier(YearMonth, Month, budgets: [BudgetStatus])
        /// Neither: no savings or budget part (the runway may still score).
        case tooEarly
    }

    /// `averageSpentMinor`: the average of the last full months with spending (nil without any).
    /// `isRunning`: the month is today's; its lines then say "so far" and do not compare it with
    /// a whole month last year. `scored`: what the health score reads.
    public static func build(_ month: Month, previous: Month?, lastYear: Month?, savingsMinor: Int64?, averageSpentMinor: Int64?,
                             budgets: [BudgetStatus], isRunning: Bool = false, scored: Scored = .month) -> Insights {
        var insights = Insights()
        if month.incomeMinor > 0 {
            // Rounded up: spending past income by a little is "by 1 %", never "by 0 %".
            if month.spentMinor > month.incomeMinor, let over = percent(month.spentMinor - month.incomeMinor, of: month.incomeMinor, roundingUp: true) {
                insights.lines.append(.overspent(percent: over))
            } else if let kept = percent(month.incomeMinor - month.spentMinor, of: month.incomeMinor) {
                insights.lines.append(.savingsRate(percent: kept, soFar: isRunning))
            }
        }
        if !isRunning, let lastYear, lastYear.spentMinor >= notableMinor, month.spentMinor > 0,
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
        switch scored {
        case .month:
            insights.health = health(rate: rate(month), runway: runway, budgets: budgets)
        case .earlier(let yearMonth, let earlier, let budgets):
            insights.health = health(rate: rate(earlier), runway: runway, budgets: budgets)
            insights.health?.month = yearMonth
        case .tooEarly:
            insights.health = health(rate: nil, runway: runway, budgets: [])
        }
        return insights
    }

    /// The share of income kept, −∞…100; nil without income.
    static func rate(_ month: Month) -> Int? {
        month.incomeMinor > 0 ? percent(month.incomeMinor - month.spentMinor, of: month.incomeMinor) : nil
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

    /// `part / whole` in whole percent, rounded toward zero (or up, for positive ones); nil
    /// when it does not fit.
    static func percent(_ part: Int64, of whole: Int64, roundingUp: Bool = false) -> Int? {
        guard whole != 0 else { return nil }
        let scaled = Int128(part) * 100
        let up = roundingUp && part > 0 && whole > 0 ? Int128(whole) - 1 : 0
        return Int(exactly: (scaled + up) / Int128(whole))
    }
}
