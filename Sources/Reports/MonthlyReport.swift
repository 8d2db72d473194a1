import KopiykaCore
import Ledger

/// A month of a household's money, as `/report` shows it. All amounts are in the base
/// currency's minor units unless they say otherwise.
public struct MonthlyReport: Equatable, Sendable {
    public struct CategoryLine: Equatable, Sendable {
        public var category: CategoryKey
        public var baseMinor: Int64
        /// Share of the month's spending, 0…1.
        public var share: Double
        public var entryCount: Int
        /// Amounts in other currencies converted into `baseMinor`, shown in their own currency.
        public var foreign: [Money]
        /// Amounts in other currencies with no rate: in no figure, said so beside the line.
        public var unconverted: [Money] = []
    }

    public struct MemberLine: Equatable, Sendable {
        public var memberID: Int64
        public var name: String
        public var spentMinor: Int64
    }

    public var month: YearMonth
    public var baseCurrency: Currency
    /// True while the month is still running (a forecast applies).
    public var isCurrent: Bool
    /// True for a month that is over.
    public var isPast = false
    public var spentMinor: Int64
    public var incomeMinor: Int64
    /// Both sums are of positive amounts, so their difference always fits in `Int64`.
    public var netMinor: Int64 { incomeMinor - spentMinor }
    public var expenseCount: Int
    public var categories: [CategoryLine]
    public var members: [MemberLine]
    public var largest: [Entry]
    /// Spending change against the previous month in whole percent; nil when it spent nothing.
    public var changePercent: Int?
    /// While the month runs, the change compares its days 1…N with the same days of the
    /// previous month, and this is N; nil when whole months are compared.
    public var changeThroughDay: Int?
    public var dailyAverageMinor: Int64
    /// Where spending lands at month end (the current month only), and what it is read from;
    /// nil while it is too early for one (see `forecastFrom`).
    public var forecastMinor: Int64?
    public var forecastBasis: ForecastBasis = .pace
    /// A running month too young for a forecast, without usual months to read one from: the
    /// day its pace will be worth one. nil when a forecast is shown, or none will be this month.
    public var forecastFrom: LocalDate?
    public var budgets: [BudgetStatus]
    /// Foreign amounts with no rate to the base currency: counted nowhere, said plainly.
    public var unconverted: [Money]
    /// Private entries the reader may not see are in the totals (spent, income, counts,
    /// budgets) but in no line: categories, members and the largest expenses leave them out.
    public var hidesPrivate = false
    /// Recurring payments still due this month (the current month only): their sum in base
    /// minor units, and how many there are, those without an amount too.
    public var dueMinor: Int64 = 0
    public var dueCount = 0
    /// A figure of this month does not fit in `Int64` minor units: every figure above is zero,
    /// and the renderer says "too large" instead of showing them.
    public var isTooLarge = false

    public var isEmpty: Bool { !isTooLarge && spentMinor == 0 && incomeMinor == 0 && unconverted.isEmpty }

    static func tooLarge(month: YearMonth, today: LocalDate, baseCurrency: Currency) -> MonthlyReport {
        MonthlyReport(month: month, baseCurrency: baseCurrency, isCurrent: YearMonth(today) == month, spentMinor: 0,
                      incomeMinor: 0, expenseCount: 0, categories: [], members: [], largest: [], changePercent: nil,
                      changeThroughDay: nil, dailyAverageMinor: 0, forecastMinor: nil, budgets: [], unconverted: [], isTooLarge: true)
    }
}

/// What a month's forecast is read from.
public enum ForecastBasis: Equatable, Sendable {
    /// This month's pace: a week or more of it.
    case pace
    /// The household's usual months, while this one is younger than a week.
    case usualMonths
}

/// A year by month, for `/report 2026`.
public struct YearReport: Equatable, Sendable {
    public struct MonthLine: Equatable, Sendable {
        public var month: YearMonth
        public var spentMinor: Int64
        public var incomeMinor: Int64
    }

    public var year: Int
    public var baseCurrency: Currency
    /// True for a year that is over.
    public var isPast = false
    public var months: [MonthLine]
    public var spentMinor: Int64
    public var incomeMinor: Int64
    /// As `MonthlyReport.isTooLarge`: no month is listed and the renderer says "too large".
    public var isTooLarge = false

    static func tooLarge(year: Int, baseCurrency: Currency) -> YearReport {
        YearReport(year: year, baseCurrency: baseCurrency, months: [], spentMinor: 0, incomeMinor: 0, isTooLarge: true)
    }
}
