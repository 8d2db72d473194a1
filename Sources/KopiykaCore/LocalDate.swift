import FoundationEssentials

/// A calendar day in the household's time zone, with no time of day: what an entry's "date"
/// means to a person (`вчора` is a day, not an instant).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid Gregorian date, or `nil` (`2026-02-29` is not one).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...9999).contains(year),
              (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: String) {
        // Byte by byte: every entry read from the database parses its date.
        var (year, month, day) = (0, 0, 0)
        var position = 0
        for byte in text.utf8 {
            switch position {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                switch position {
                case ..<4: year = year * 10 + digit
                case ..<7: month = month * 10 + digit
                default: day = day * 10 + digit
                }
            default:
                return nil
            }
            position += 1
        }
        guard position == 10 else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day an instant falls on in a time zone.
    public init(_ instant: Date, in zone: ZoneRules) {
        self = zone.localDate(of: instant)
    }

    public var iso: String {
        // Ten bytes written in place: a small string, no allocation.
        String(unsafeUninitializedCapacity: 10) { bytes in
            for (offset, width, value) in [(0, 4, year), (5, 2, month), (8, 2, day)] {
                var rest = value
                for index in (offset..<offset + width).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            bytes[4] = UInt8(ascii: "-")
            bytes[7] = UInt8(ascii: "-")
            return 10
        }
    }

    public var description: String { iso }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (negative before), by the proleptic Gregorian calendar. Day
    /// arithmetic on this number needs no time zone and is immune to daylight-saving shifts.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }
}
