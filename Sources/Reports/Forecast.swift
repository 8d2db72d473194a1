import KopiykaCore

/// Where a running month's spending lands at its end, built so that no day of the month
/// reads as nonsense: one large purchase on the 1st is not a month of large purchases.
///
/// - Recurring payments count as they are: recorded ones once, those still due once.
/// - One-off purchases (see `oneOffs`) count once, never paced.
/// - The rest is paced over the days left once a week of the month is known; before that the
///   household's usual months give the rest of the month, said so; without those, nothing:
///   the report says from which day a forecast comes.
struct Forecast: Equatable {
    /// Why a week: it holds every weekday's habits once (the weekend's café, the weekly shop);
    /// fewer days pace one Saturday over the whole month.
    static let minimumDays = 7

    /// Why five: a month holds a purchase or two of its size and the rent; more are its habits.
    static let oneOffLimit = 5

    /// The part of `spent` (over `days`) made of one-off purchases among `largest` (largest
    /// first): each one larger than a week of what the month spent besides it and the larger
    /// ones before it. A fridge on the 1st is one; three coffees in three days are not.
    static func oneOffs(_ largest: [Int64], of spent: Int64, days: Int) -> Int64 {
        guard days > 0 else { return 0 }
        var counted: Int64 = 0
        for amount in largest {
            let rest = spent - counted - amount
            // A week of the rest's pace, in 128 bits: `rest` × 7 may pass `Int64` near its limit.
            guard rest >= 0, Int128(amount) * Int128(days) > Int128(rest) * Int128(Self.minimumDays) else { break }
            counted += amount
        }
        return counted
    }

    var minor: Int64?
    var basis: ForecastBasis
    var from: LocalDate?

    init(minor: Int64?, basis: ForecastBasis, from: LocalDate?) {
        self.minor = minor
        self.basis = basis
        self.from = from
    }

    /// Pure and checked: `MoneyOverflow` when a figure leaves `Int64`.
    init(spent: Int64, pace: Pace, recurring: RecurringMonth, oneOffsMinor: Int64, usualMinor: Int64?,
         today: LocalDate, month: YearMonth) throws(MoneyOverflow) {
        let daysLeft = Int64(pace.daysInAll - pace.daysSoFar)
        // Recorded recurring payments and one-offs are parts of `spent`; never take out more.
        let counted = min(try CheckedMinor.add(min(recurring.recordedMinor, spent), max(oneOffsMinor, 0)), spent)
        let known = try CheckedMinor.add(spent, recurring.dueMinor)
        if pace.daysSoFar >= Self.minimumDays {
            let rest = spent - counted
            self.init(minor: try CheckedMinor.add(known, CheckedMinor.scale(rest, by: daysLeft, dividedBy: Int64(pace.daysSoFar))),
                      basis: .pace, from: nil)
        } else if let usual = usualMinor, usual > 0 {
            // A usual month's spending less this month's recurring payments, spread evenly: the
            // days left get their share of it.
            let recurringTotal = try CheckedMinor.add(recurring.recordedMinor, recurring.dueMinor)
            let usualRest = max(usual - min(recurringTotal, usual), 0)
            let share = try CheckedMinor.scale(usualRest, by: daysLeft, dividedBy: Int64(month.dayCount))
            self.init(minor: try CheckedMinor.add(known, share), basis: .usualMonths, from: nil)
        } else {
            let from = today.adding(days: Self.minimumDays - pace.daysSoFar)
            self.init(minor: nil, basis: .pace, from: from <= month.lastDay ? from : nil)
        }
    }
}
