import KopiykaCore

/// When a recurring payment falls: a cadence from a first day, until an optional last day, in
/// the household's calendar. Dates only: the time zone decides which day it is
/// (`RecurrenceSchedule.isDue`), never which days occur, so a family that moves or a clock
/// that jumps neither adds nor loses an occurrence. A plain value; every method is O(1) per
/// occurrence it returns.
public struct RecurrenceSchedule: Hashable, Sendable {
    public var cadence: Cadence
    /// No occurrence before it.
    public var start: LocalDate
    /// No occurrence after it; nil for no end.
    public var end: LocalDate?

    public init(_ cadence: Cadence, start: LocalDate, end: LocalDate? = nil) {
        self.cadence = cadence
        self.start = start
        self.end = end
    }

    /// The first occurrence on or after `date` (and on or after `start`); nil past `end`.
    public func first(onOrAfter date: LocalDate) -> LocalDate? {
        let from = max(date, start)
        let found: LocalDate
        switch cadence {
        case .daily:
            found = from
        case .weekly(let weekday):
            found = from.adding(days: (weekday.rawValue - Weekday(from).rawValue + 7) % 7)
        case .monthly(let day):
            let this = Self.day(day, in: YearMonth(from))
            found = this >= from ? this : Self.day(day, in: YearMonth(from).next)
        case .yearly(let month, let day):
            let this = Self.day(day, month: month, year: from.year)
            found = this >= from ? this : Self.day(day, month: month, year: from.year + 1)
        }
        if let end, found > end { return nil }
        return found
    }

    /// The first occurrence after `date`.
    public func next(after date: LocalDate) -> LocalDate? {
        first(onOrAfter: date.adding(days: 1))
    }

    /// The occurrences from `from` through `through`, in order, at most `limit` of them.
    public func occurrences(from: LocalDate, through: LocalDate, limit: Int = 366) -> [LocalDate] {
        var dates: [LocalDate] = []
        var next = first(onOrAfter: from)
        while let date = next, date <= through, dates.count < limit {
            dates.append(date)
            next = self.next(after: date)
        }
        return dates
    }

    /// `day` of `month`, or the month's last day when it has fewer days.
    static func day(_ day: Int, in month: YearMonth) -> LocalDate {
        LocalDate(year: month.year, month: month.month, day: min(day, month.dayCount)) ?? month.lastDay
    }

    static func day(_ day: Int, month: Int, year: Int) -> LocalDate {
        guard let month = YearMonth(year: year, month: min(max(month, 1), 12)) else { return LocalDate(daysSinceEpoch: 0) }
        return Self.day(day, in: month)
    }
}
