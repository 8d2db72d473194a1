import KopiykaCore

/// Dates said in words or digits, relative to `today`: `вчора`, `12.11`, `12 листопада`,
/// `November 12`, `12.11.2026`.
enum DateReader {
    /// Marks the words naming a date as consumed and returns the first date named, in any
    /// year: `EntryParser` refuses one outside its range rather than guess another.
    static func read(_ tokens: [Token], _ range: Range<Int>, meanings: [Meaning?], consumed: inout TokenFlags,
                     today: LocalDate, lexicon: Lexicon) -> LocalDate? {
        var date = SpokenDates.read(tokens, range, consumed: &consumed, today: today, lexicon: lexicon)
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
                found = monthDay(tokens, range, at: i, month: month, consumed: &consumed, today: today, lexicon: lexicon)
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

    /// A day beside a month word: digits, an ordinal (`третього`, `3-го`, `21st`) before or
    /// after it, and English `(on) the third of`.
    private static func monthDay(_ tokens: [Token], _ range: Range<Int>, at i: Int, month: Int,
                                 consumed: inout TokenFlags, today: LocalDate, lexicon: Lexicon) -> LocalDate? {
        func free(_ found: (day: Int, span: Range<Int>)?) -> (day: Int, span: Range<Int>)? {
            guard let found, found.span.allSatisfy({ !consumed[$0] }) else { return nil }
            return found
        }
        var of: Int?
        var found = free(DayWords.ordinal(tokens, endingAt: i - 1, in: range, lexicon: lexicon))
        if found == nil, range.contains(i - 1), !consumed[i - 1], tokens[i - 1].text == "of",
           let day = free(DayWords.ordinal(tokens, endingAt: i - 2, in: range, lexicon: lexicon)) {
            (found, of) = (day, i - 1)
        }
        if found == nil { found = free(DayWords.ordinal(tokens, startingAt: i + 1, in: range, lexicon: lexicon)) }
        guard let found else { return nil }
        let after = max(i, found.span.upperBound - 1) + 1
        var date: LocalDate?
        var year: Int?
        if range.contains(after), !consumed[after], tokens[after].kind == .number, tokens[after].text.utf8.count == 4,
           let value = Int(tokens[after].text), (1900...2200).contains(value) {
            date = LocalDate(year: value, month: month, day: found.day)
            year = after
        } else {
            date = resolve(day: found.day, month: month, today: today)
        }
        guard date != nil else { return nil }
        for k in [i, of, year].compactMap({ $0 }) { consumed[k] = true }
        for k in found.span { consumed[k] = true }
        var first = min(i, found.span.lowerBound)
        for word in ["the", "on"] where range.contains(first - 1) && !consumed[first - 1] && tokens[first - 1].text == word {
            first -= 1
            consumed[first] = true
        }
        return date
    }
}
