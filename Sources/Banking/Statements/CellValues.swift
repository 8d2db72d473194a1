import FoundationEssentials
import KopiykaCore

/// Exact readings of the text in a statement's cells. Integer arithmetic only: an amount never
/// passes through a `Double`.
enum CellValues {
    /// `text` (`-1234.56`, `299`, with `exponent` also `1.5E-2`) in units of 10^-`digits`.
    /// More fraction digits than `digits` are rounded half away from zero when `rounding`
    /// (a spreadsheet stores doubles and writes `516.5700000000001`), else they make it nil
    /// unless they are zeros. Nil on anything but a plain decimal, and on overflow.
    static func scaled(_ text: Substring, digits: Int, rounding: Bool = false, exponent: Bool = false) -> Int64? {
        var bytes = text.utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: [UInt8] = []
        var wholeDigits = 0, seenPoint = false, power = 0
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa.append(byte - UInt8(ascii: "0"))
                if !seenPoint { wholeDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if exponent, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                // Four digits of exponent are more than any double has; more is not a number.
                guard let value = Int(String(decoding: bytes, as: UTF8.self)), abs(value) < 10_000 else { return nil }
                power = value
                bytes = bytes.dropFirst(bytes.count)
            } else {
                return nil
            }
        }
        guard !mantissa.isEmpty else { return nil }
        let cut = wholeDigits + power + digits
        var value: Int64 = 0
        for position in 0..<max(0, cut) {
            let digit = position < mantissa.count ? Int64(mantissa[position]) : 0
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        let rest = mantissa.dropFirst(max(0, cut))
        if rest.contains(where: { $0 != 0 }) {
            guard rounding else { return nil }
            let first = cut >= 0 ? rest.first ?? 0 : 0
            if first >= 5 {
                let (rounded, overflow) = value.addingReportingOverflow(1)
                guard !overflow else { return nil }
                value = rounded
            }
        }
        return negative ? -value : value
    }

    /// A number as a Ukrainian locale writes it (`-1 234,56`, grouped by a space, a no-break
    /// space or a narrow one) as `scaled` reads it (`-1234.56`). Anything else passes as it is,
    /// for `scaled` to refuse.
    static func pointed(_ text: Substring) -> Substring {
        guard text.utf8.contains(UInt8(ascii: ",")) || text.utf8.contains(where: { $0 == 0x20 || $0 == 0xC2 || $0 == 0xE2 }) else {
            return text
        }
        var out = ""
        for character in text where character != " " && character != "\u{A0}" && character != "\u{202F}" {
            out.append(character == "," ? "." : character)
        }
        return out[...]
    }

    /// `text` as money of `currency`; see `scaled` for `rounding` and `exponent`.
    static func money(_ text: Substring, _ currency: Currency, rounding: Bool = false, exponent: Bool = false) -> Money? {
        scaled(text, digits: currency.minorUnitDigits, rounding: rounding, exponent: exponent)
            .map { Money(minorUnits: $0, currency: currency) }
    }

    /// `DD.MM.YYYY HH:MM:SS` (seconds optional, a lone date is midnight) as a wall-clock day
    /// and second of that day.
    static func wallClock(_ text: Substring) -> (date: LocalDate, second: Int)? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count) else { return nil }
        let day = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard day.count == 3, day[0].count <= 2, day[1].count <= 2, day[2].count == 4,
              let d = number(day[0]), let m = number(day[1]), let y = number(day[2]),
              let date = LocalDate(year: y, month: m, day: d)
        else { return nil }
        guard parts.count == 2 else { return (date, 0) }
        guard let second = secondOfDay(parts[1]) else { return nil }
        return (date, second)
    }

    /// `HH:MM` or `HH:MM:SS` as seconds since midnight.
    static func secondOfDay(_ text: Substring) -> Int? {
        let time = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(time.count), time.allSatisfy({ $0.count == 2 }),
              let h = number(time[0]), let mi = number(time[1]), h < 24, mi < 60
        else { return nil }
        let s = time.count == 3 ? number(time[2]) : 0
        guard let s, s < 60 else { return nil }
        return h * 3_600 + mi * 60 + s
    }

    /// An Excel serial date (days since 1899-12-30, the fraction the time of day) as a
    /// wall-clock day and second. Statements are after 1900-03-01, where Excel's phantom
    /// 29 February 1900 no longer shifts the count.
    static func excelSerial(_ text: Substring) -> (date: LocalDate, second: Int)? {
        // Microdays: a second is 11.6 of them, so rounding to the second is exact enough.
        guard let micro = scaled(text, digits: 6, rounding: true, exponent: true),
              micro >= 61_000_000, micro < 2_958_466_000_000
        else { return nil }
        let seconds = (micro * 86_400 + 500_000) / 1_000_000
        let excelEpoch = -25_569  // 1899-12-30 in days since 1970-01-01
        return (LocalDate(daysSinceEpoch: excelEpoch + Int(seconds / 86_400)), Int(seconds % 86_400))
    }

    /// The instant a wall-clock time in `zone` names. In the hour clocks repeat (autumn), the
    /// earlier instant; in the hour they skip (spring), the offset from before the change.
    static func instant(_ date: LocalDate, second: Int, in zone: ZoneRules) -> Date {
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(second)
        // Offsets on either side of any change near `local`: a day is wider than any jump.
        let before = Int64(zone.offset(at: Date(timeIntervalSince1970: Double(local - 86_400))))
        let after = Int64(zone.offset(at: Date(timeIntervalSince1970: Double(local + 86_400))))
        let valid = [local - before, local - after].filter { Int64(zone.offset(at: Date(timeIntervalSince1970: Double($0)))) == local - $0 }
        return Date(timeIntervalSince1970: Double(valid.min() ?? local - before))
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }
}

extension String {
    /// `trimmed`, without its per-character Unicode lookups when neither end can be space:
    /// nearly every cell of a 10,000-row statement.
    var trimmedCell: String {
        guard let first = utf8.first, let last = utf8.last,
              first > 0x20, first < 0x80, last > 0x20, last < 0x80
        else { return trimmed }
        return self
    }
}
