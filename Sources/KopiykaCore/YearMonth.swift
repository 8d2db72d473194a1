/// A calendar month: what reports, budgets and aggregates are keyed by.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
    }

    public init(_ date: LocalDate) {
        year = date.year
        month = date.month
    }

    /// Parses `YYYY-MM`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(year: y, month: m)
    }

    /// `2026-11`, as aggregates store it (a prefix of an entry's `YYYY-MM-DD`).
    public var iso: String { String(firstDay.iso.prefix(7)) }
    public var description: String { iso }

    public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var dayCount: Int { LocalDate.daysIn(month: month, year: year) }
    public var lastDay: LocalDate { LocalDate(year: year, month: month, day: dayCount)! }
    public var days: ClosedRange<LocalDate> { firstDay...lastDay }

    public var previous: YearMonth {
        month == 1 ? YearMonth(year: year - 1, month: 12)! : YearMonth(year: year, month: month - 1)!
    }

    public var next: YearMonth {
        month == 12 ? YearMonth(year: year + 1, month: 1)! : YearMonth(year: year, month: month + 1)!
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
