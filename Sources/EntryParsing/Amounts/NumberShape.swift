import KopiykaCore

/// What a digit token means by its shape alone.
enum NumberShape: Equatable, Sendable {
    /// A number; `dayMonth` when it could also be a `dd.mm` date (`12.11`).
    case value(DecimalValue, dayMonth: DayMonth?)
    /// `dd.mm.yyyy` or `dd.mm.yy`: never an amount.
    case date(day: Int, month: Int, year: Int)
    /// The same shape naming a day its month does not have (`31.11.2026`, `29.02.2026`):
    /// neither an amount nor a date to guess at.
    case noSuchDate
    /// More digits than any amount (`1e999`, twenty digits).
    case tooLarge

    struct DayMonth: Equatable, Sendable { var day: Int; var month: Int }

    private typealias Group = (value: Int64, length: Int)

    /// Separators: the last `.`/`,` is decimal unless exactly three digits follow it and it
    /// is the only kind of separator (`1,234` and `1.234` are thousands, `85,50` and `1.5`
    /// are not); a space always groups thousands. nil for malformed groups (`12,34,5`).
    /// Every step is checked: a value past `Int64` is `.tooLarge`, never a wrapped number.
    static func read(_ text: String) -> NumberShape? {
        var groups: [Group] = []
        var separators: [Unicode.Scalar] = []
        var current: Int64 = 0, length = 0, exponentAt: Int? = nil
        for c in text.unicodeScalars {
            if Scalars.isDigit(c) {
                length += 1
                // At most 17 digits, so `current` stays below 10^17: no overflow here (and
                // `c` is 0x30...0x39, so the subtraction cannot underflow).
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
        if groups.count == 3, separators.allSatisfy({ $0 == "." }),
           (1...2).contains(groups[0].length), (1...2).contains(groups[1].length),
           groups[2].length == 2 || groups[2].length == 4 {
            let year = Int(groups[2].value) + (groups[2].length == 2 ? 2000 : 0)
            if LocalDate(year: year, month: Int(groups[1].value), day: Int(groups[0].value)) != nil {
                return .date(day: Int(groups[0].value), month: Int(groups[1].value), year: year)
            }
            if (1...31).contains(groups[0].value), (1...12).contains(groups[1].value) { return .noSuchDate }
        }
        let shape = decimal(groups: groups[...], separators: separators[...])
        guard case .value(let value, _)? = shape else { return shape }
        var dayMonth: DayMonth? = nil
        if groups.count == 2, separators == ["."], (1...2).contains(groups[0].length), groups[1].length == 2,
           (1...31).contains(groups[0].value), (1...12).contains(groups[1].value) {
            dayMonth = DayMonth(day: Int(groups[0].value), month: Int(groups[1].value))
        }
        return .value(value, dayMonth: dayMonth)
    }

    private static func decimal(groups: ArraySlice<Group>, separators: ArraySlice<Unicode.Scalar>) -> NumberShape? {
        guard let first = groups.first, let lastGroup = groups.last else { return nil }
        guard let last = separators.last else { return .value(DecimalValue(digits: first.value, scale: 0), dayMonth: nil) }
        let mixed = separators.contains { $0 != last }
        let isDecimal = last != " " && (mixed || (separators.count == 1 && (lastGroup.length != 3 || first.value == 0)))
        let integerGroups = isDecimal ? groups.dropLast() : groups
        if isDecimal, separators.dropLast().contains(last) { return nil }  // `1,234,56`
        var whole: Int64 = 0
        for (index, group) in integerGroups.enumerated() {
            if index == 0 {
                guard integerGroups.count == 1 || (1...3).contains(group.length) else { return nil }
                whole = group.value
            } else {
                guard group.length == 3 else { return nil }
                guard let next = checked(whole, times: 1000, plus: group.value) else { return .tooLarge }
                whole = next
            }
        }
        guard isDecimal else { return .value(DecimalValue(digits: whole, scale: 0), dayMonth: nil) }
        var scaled = whole
        for _ in 0..<lastGroup.length {
            guard let next = checked(scaled, times: 10, plus: 0) else { return .tooLarge }
            scaled = next
        }
        guard let digits = checked(scaled, times: 1, plus: lastGroup.value) else { return .tooLarge }
        return .value(DecimalValue(digits: digits, scale: lastGroup.length), dayMonth: nil)
    }

    private static func checked(_ value: Int64, times factor: Int64, plus addend: Int64) -> Int64? {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        let (sum, carry) = product.addingReportingOverflow(addend)
        return overflow || carry ? nil : sum
    }

    private static func exponent(groups: [Group], separators: [Unicode.Scalar], at index: Int) -> NumberShape? {
        // The tokenizer lets one `e` through, between digits: `index` is 1 or more.
        guard index >= 1, index == groups.count - 1 else { return nil }
        let mantissa: DecimalValue
        switch decimal(groups: groups[..<index], separators: separators[..<(index - 1)]) {
        case .value(let value, _)?: mantissa = value
        case .tooLarge?: return .tooLarge
        default: return nil
        }
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
