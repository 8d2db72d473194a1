import KopiykaCore

/// Dates said in words or digits, relative to `today`: `вчора`, `12.11`, `12 листопада`,
/// `November 12`, `12.11.2026`.
enum DateReader {
    /// Marks the words naming a date as consumed and returns the first date named, in any
    /// year: `EntryParser` refuses one outside its range rather than guess another.
    static func read(_ tokens: [Token], _ range: Range<Int>, meanings: [Meaning?], consumed: inout TokenFlags,
                     today: LocalDate) -> LocalDate? {
        var date: LocalDate?
        for i in range where !consumed[i] {
            var found: LocalDate?
            switch meanings[i] {
            case .daysAgo(var days)?:
                consumed[i] = true
                // English `day before yesterday`.
                if days == 1, i >= range.lowerBound + 2, tokens[i - 1].text == "before", tokens[i - 2].text == "day" {
                    days = 2
                    consumed[i - 1] = true
                    consumed[i - 2] = true
                }
                found = today.adding(days: -days)
            case .month(let month)?:
                found = monthDay(tokens, range, at: i, month: month, consumed: &consumed, today: today)
            default:
                if tokens[i].kind == .number, case .date(let d, let m, let y)? = tokens[i].shape {
                    consumed[i] = true
                    found = LocalDate(year: y, month: m, day: d)
                }
            }
            if date == nil { date = found }
        }
        return date
    }

    /// The latest valid date on this day and month that is not after `today`: a date without
    /// a year that would lie in the future means last year (and 29 February the last leap year).
    static func resolve(day: Int, month: Int, today: LocalDate) -> LocalDate? {
        for year in stride(from: today.year, through: today.year - 8, by: -1) {
            if let date = LocalDate(year: year, month: month, day: day), date <= today { return date }
        }
        return nil
    }

    private static func monthDay(_ tokens: [Token], _ range: Range<Int>, at i: Int, month: Int,
                                 consumed: inout TokenFlags, today: LocalDate) -> LocalDate? {
        func day(_ k: Int) -> Int? {
            guard range.contains(k), !consumed[k], tokens[k].kind == .number, tokens[k].text.utf8.count <= 2,
                  let value = Int(tokens[k].text), (1...31).contains(value) else { return nil }
            return value
        }
        let dayIndex: Int, dayValue: Int
        if let value = day(i - 1) {
            (dayIndex, dayValue) = (i - 1, value)
        } else if let value = day(i + 1) {
            (dayIndex, dayValue) = (i + 1, value)
        } else {
            return nil
        }
        let after = max(i, dayIndex) + 1
        var date: LocalDate?
        if range.contains(after), !consumed[after], tokens[after].kind == .number, tokens[after].text.utf8.count == 4,
           let year = Int(tokens[after].text), (1900...2200).contains(year) {
            date = LocalDate(year: year, month: month, day: dayValue)
            if date != nil { consumed[after] = true }
        } else {
            date = resolve(day: dayValue, month: month, today: today)
        }
        guard date != nil else { return nil }
        consumed[i] = true
        consumed[dayIndex] = true
        return date
    }
}
