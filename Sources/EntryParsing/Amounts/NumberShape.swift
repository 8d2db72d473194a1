import KopiykaCore

/// What a digit token means by its shape alone.
enum NumberShape: Equatable, Sendable {
    /// A number; `dayMonth` when it could also be a `dd.mm` date (`12.11`).
    case value(DecimalValue, dayMonth: DayMonth?)
    /// `dd.mm.yyyy` or `dd.mm.yy`: never an amount.
    case date(day: Int, month: Int, year: Int)
    /// More digits than any amount (`1e999`, twenty digits).
    case tooLarge

    struct DayMonth: Equatable, Sendable { var day: Int; var month: Int }

    /// Separators: the last `.`/`,` is decimal unless exactly three digits follow it and it
    /// is the only kind of separator (`1,234` and `1.234` are thousands, `85,50` and `1.5`
    /// are not); a space always groups thousands. nil for malformed groups (`12,34,5`).
    static func read(_ text: String) -> NumberShape? {
        var groups: [(value: Int64, length: Int)] = []
        var separators: [Unicode.Scalar] = []
        var current: Int64 = 0, length = 0, exponentAt: Int? = nil
        for c in text.unicodeScalars {
            if Scalars.isDigit(c) {
                length += 1
                if length > DecimalValue.maxDigits { return .tooLarge }
                current = current * 10 + Int64(c.value - 0x30)
            } else {
                if c == "e" || c == "E" { exponentAt = groups.count + 1 }
                groups.append((current, length))
                separators.append(c)
                current = 0
                length = 0
            }
        }
        groups.append((current, length))
        if let exponentAt {
            return exponent(groups: groups, separators: separators, at: exponentAt)
        }
        if separators.count == 2, separators.allSatisfy({ $0 == "." }),
           (1...2).contains(groups[0].length), (1...2).contains(groups[1].length),
           groups[2].length == 2 || groups[2].length == 4 {
            let year = Int(groups[2].value) + (groups[2].length == 2 ? 2000 : 0)
            if LocalDate(year: year, month: Int(groups[1].value), day: Int(groups[0].value)) != nil {
                return .date(day: Int(groups[0].value), month: Int(groups[1].value), year: year)
            }
        }
        guard let value = decimal(groups: groups, separators: separators) else { return nil }
        var dayMonth: DayMonth? = nil
        if separators == ["."], (1...2).contains(groups[0].length), groups[1].length == 2,
           (1...31).contains(groups[0].value), (1...12).contains(groups[1].value) {
            dayMonth = DayMonth(day: Int(groups[0].value), month: Int(groups[1].value))
        }
        return .value(value, dayMonth: dayMonth)
    }

    private static func decimal(groups: [(value: Int64, length: Int)], separators: [Unicode.Scalar]) -> DecimalValue? {
        guard let last = separators.last else { return DecimalValue(digits: groups[0].value, scale: 0) }
        let lastLength = groups[groups.count - 1].length
        let mixed = separators.contains { $0 != last }
        let isDecimal = last != " " && (mixed || (separators.count == 1 && (lastLength != 3 || groups[0].value == 0)))
        let integerGroups = isDecimal ? groups.dropLast() : groups[...]
        var whole: Int64 = 0
        var digitCount = 0
        for (index, group) in integerGroups.enumerated() {
            if index == 0 {
                guard integerGroups.count == 1 || (1...3).contains(group.length) else { return nil }
                whole = group.value
            } else {
                guard group.length == 3 else { return nil }
                whole = whole * 1000 + group.value
            }
            digitCount += group.length
        }
        if isDecimal, separators.dropLast().contains(last) { return nil }  // `1,234,56`
        guard digitCount <= 15 else { return nil }
        guard isDecimal else { return DecimalValue(digits: whole, scale: 0) }
        let fraction = groups[groups.count - 1]
        var scaled = whole
        for _ in 0..<fraction.length { scaled = scaled.multipliedReportingOverflow(by: 10).partialValue }
        return DecimalValue(digits: scaled + fraction.value, scale: fraction.length)
    }

    private static func exponent(groups: [(value: Int64, length: Int)], separators: [Unicode.Scalar], at index: Int) -> NumberShape? {
        guard index == groups.count - 1,
              let mantissa = decimal(groups: Array(groups[..<index]), separators: Array(separators[..<(index - 1)]))
        else { return nil }
        let power = groups[index].value
        guard groups[index].length <= 3, power <= 18 else { return .tooLarge }
        var value = mantissa
        for _ in 0..<power {
            guard let next = value.multiplied(by: 10) else { return .tooLarge }
            value = next
        }
        return .value(value, dayMonth: nil)
    }
}
