import KopiykaCore
import Ledger

/// What a month's report needs beyond its month totals: who reads it, since when the
/// household exists, and what the comparison with last month compares.
public struct MonthContext: Equatable, Sendable {
    /// The month's private entries the reader may not see: in the totals, in no line.
    public var hidden: [Entry]
    /// The household's first day: a daily average and a forecast count from it, not from the
    /// 1st, so one coffee on a new household's first day is not spread over three weeks.
    public var firstDay: LocalDate?
    /// For a running month: spending over its days so far and over the same days of the
    /// previous month. nil compares whole months.
    public var sameDays: SameDays?
    /// A running month's recurring payments; nil for none.
    public var recurring: RecurringMonth?
    /// What the household spends in a usual month, one-off purchases left out: the average of
    /// its last full months with spending (up to three, each begun after its first day), base
    /// minor units; nil before one (see `ReportBuilder.usualMonth`).
    public var usualMinor: Int64?
    /// A running month's one-off purchases (see `Forecast.oneOffs`), base minor units:
    /// the forecast counts them once instead of pacing them over the month.
    public var oneOffsMinor: Int64 = 0

    public init(hidden: [Entry] = [], firstDay: LocalDate? = nil, sameDays: SameDays? = nil, recurring: RecurringMonth? = nil,
                usualMinor: Int64? = nil, oneOffsMinor: Int64 = 0) {
        self.hidden = hidden
        self.firstDay = firstDay
        self.sameDays = sameDays
        self.recurring = recurring
        self.usualMinor = usualMinor
        self.oneOffsMinor = oneOffsMinor
    }
}

/// Spending over days 1…`throughDay` of a month and of the one before, in base minor units.
public struct SameDays: Equatable, Sendable {
    public var throughDay: Int
    public var previousMinor: Int64
    public var currentMinor: Int64
}

extension [MonthTotal] {
    /// The totals without `entries` (each of which they include): what the lines of a report
    /// may show. Taking a part from a sum of positive parts cannot overflow; a total that does
    /// not hold an entry it should is left alone rather than driven negative.
    public func removing(_ entries: [Entry]) -> [MonthTotal] {
        var totals = self
        for entry in entries {
            guard let index = totals.firstIndex(where: {
                $0.month == YearMonth(entry.date) && $0.kind == entry.kind && $0.category == entry.category
                    && $0.memberID == entry.memberID && $0.amount.currency == entry.amount.currency
            }) else { continue }
            var total = totals[index]
            guard total.entryCount > 0, total.amount.minorUnits >= entry.amount.minorUnits,
                  total.baseMinor >= (entry.baseMinor ?? 0),
                  entry.baseMinor != nil || total.unconverted > 0 else { continue }
            total.amount.minorUnits -= entry.amount.minorUnits
            total.baseMinor -= entry.baseMinor ?? 0
            if entry.baseMinor == nil { total.unconverted -= 1 }
            total.entryCount -= 1
            if total.entryCount == 0 { totals.remove(at: index) } else { totals[index] = total }
        }
        return totals
    }
}
