import KopiykaCore

/// A day of the week, Monday first, as Ukrainians count it.
public enum Weekday: Int, CaseIterable, Hashable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of `date` (1970-01-01 was a Thursday).
    public init(_ date: LocalDate) {
        let offset = ((date.daysSinceEpoch + 3) % 7 + 7) % 7
        self = Weekday(rawValue: offset + 1) ?? .monday  // offset is 0...6.
    }
}

/// How often a payment comes back. The day it names is kept as said: the 31st stays the 31st
/// and falls on each month's last day (the 30th, the 28th or 29th); the 29th of February falls
/// on the 28th in a common year.
public enum Cadence: Hashable, Sendable {
    case daily
    case weekly(Weekday)
    /// 1...31.
    case monthly(day: Int)
    /// month 1...12, day 1...31.
    case yearly(month: Int, day: Int)

    /// Monthly on `day`, or nil for a day out of 1...31.
    public init?(monthlyOn day: Int) {
        guard (1...31).contains(day) else { return nil }
        self = .monthly(day: day)
    }

    /// Yearly on `day` of `month`, or nil for a day the month never has (2000 was a leap year).
    public init?(yearlyOn month: Int, day: Int) {
        guard (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: 2000)).contains(day) else { return nil }
        self = .yearly(month: month, day: day)
    }

    /// True for the day and month ranges the failable initializers keep to.
    public var isValid: Bool {
        switch self {
        case .daily, .weekly: true
        case .monthly(let day): Cadence(monthlyOn: day) != nil
        case .yearly(let month, let day): Cadence(yearlyOn: month, day: day) != nil
        }
    }

    /// How the cadence is stored: `daily`, `weekly:1`, `monthly:31`, `yearly:3-1`. Stable: never
    /// rename.
    public var code: String {
        switch self {
        case .daily: "daily"
        case .weekly(let weekday): "weekly:\(weekday.rawValue)"
        case .monthly(let day): "monthly:\(day)"
        case .yearly(let month, let day): "yearly:\(month)-\(day)"
        }
    }

    /// The cadence a stored `code` names; nil for anything else.
    public init?(code: String) {
        let parts = code.split(separator: ":", maxSplits: 1)
        let value = parts.count == 2 ? String(parts[1]) : ""
        switch parts.first {
        case "daily" where parts.count == 1: self = .daily
        case "weekly": guard let day = Int(value).flatMap(Weekday.init(rawValue:)) else { return nil }; self = .weekly(day)
        case "monthly": guard let cadence = Int(value).flatMap(Cadence.init(monthlyOn:)) else { return nil }; self = cadence
        case "yearly":
            let numbers = value.split(separator: "-").compactMap { Int($0) }
            guard numbers.count == 2, let cadence = Cadence(yearlyOn: numbers[0], day: numbers[1]) else { return nil }
            self = cadence
        default: return nil
        }
    }

    /// Occurrences in a year, for a subscription's monthly and yearly cost.
    public var timesAYear: Int {
        switch self {
        case .daily: 365
        case .weekly: 52
        case .monthly: 12
        case .yearly: 1
        }
    }
}
