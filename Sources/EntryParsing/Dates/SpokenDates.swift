import KopiykaCore

/// Days named relative to today: a weekday (`у вівторок`, `во вторник`, `on Tuesday`: the
/// latest one not after today), a weekday of the previous week (`минулої середи`,
/// `в прошлую среду`, `last Wednesday`) and a count back (`два дні тому`, `3 дня назад`,
/// `a week ago`). Consumes the words so the count never becomes the amount.
enum SpokenDates {
    /// The most a count back may reach: far enough to fall before 2000 and be refused.
    private static let maximumDaysBack = 100_000

    static func read(_ tokens: [Token], _ range: Range<Int>, consumed: inout TokenFlags,
                     today: LocalDate, lexicon: Lexicon) -> LocalDate? {
        for i in range where !consumed[i] && tokens[i].kind == .word && !DayWords.spokenDateStarts.excludes(tokens[i].text) {
            if let day = DayWords.weekdays[tokens[i].text] {
                return weekday(day, tokens, range, at: i, consumed: &consumed, today: today)
            }
            if DayWords.agoWords.contains(tokens[i].text), let (count, unit) = countBack(tokens, range, ago: i, consumed: &consumed, lexicon: lexicon) {
                return unit == DayWords.month ? monthsBack(count, from: today) : today.adding(days: -count.multipliedReportingOverflow(by: unit).partialValue)
            }
        }
        return nil
    }

    private static func weekday(_ day: Int, _ tokens: [Token], _ range: Range<Int>, at i: Int,
                                consumed: inout TokenFlags, today: LocalDate) -> LocalDate {
        consumed[i] = true
        var first = i
        let last = range.contains(i - 1) && !consumed[i - 1] && DayWords.lastWords.contains(tokens[i - 1].text)
        if last { first -= 1; consumed[first] = true }
        if range.contains(first - 1), !consumed[first - 1], DayWords.onWords.contains(tokens[first - 1].text) {
            consumed[first - 1] = true
        }
        let todayIndex = ((today.daysSinceEpoch + 3) % 7 + 7) % 7
        let back = last ? todayIndex + 7 - day : (todayIndex - day + 7) % 7
        return today.adding(days: -back)
    }

    /// `<count> <day, week or month> <ago>` ending at `ago`: the count and the unit's days
    /// (`DayWords.month` for a month); a missing count is one. A number that does not agree with a
    /// singular unit (`кіно 400 тиждень тому`) is the price, not the count.
    private static func countBack(_ tokens: [Token], _ range: Range<Int>, ago: Int,
                                  consumed: inout TokenFlags, lexicon: Lexicon) -> (count: Int, unit: Int)? {
        let unitIndex = ago - 1
        guard range.contains(unitIndex), !consumed[unitIndex], let unit = DayWords.dayUnits[tokens[unitIndex].text] else { return nil }
        var count = 1
        var start = unitIndex
        let before = unitIndex - 1
        if range.contains(before), !consumed[before] {
            if tokens[before].kind == .number {
                guard tokens[before].text.utf8.count <= 6, let n = Int(tokens[before].text) else { return nil }
                if DayWords.counts(n, tokens[unitIndex].text) { (count, start) = (n, before) }
            } else if ["a", "one"].contains(tokens[before].text) {
                start = before
            } else if let (n, s) = spokenCount(tokens, range, endingBefore: unitIndex, consumed: consumed, lexicon: lexicon) {
                (count, start) = (n, s)
            }
        }
        for k in start...ago { consumed[k] = true }
        return (min(count, maximumDaysBack), unit)
    }

    /// The same day `count` calendar months back, or the month's last day when it is shorter.
    private static func monthsBack(_ count: Int, from today: LocalDate) -> LocalDate {
        let months = today.year * 12 + (today.month - 1) - min(count, maximumDaysBack)
        let year = months >= 0 ? months / 12 : (months - 11) / 12
        let month = months - year * 12 + 1
        return LocalDate(year: year, month: month, day: min(today.day, LocalDate.daysIn(month: month, year: year)))
            ?? EntryParser.firstDate.adding(days: -1)
    }

    /// The longest run of number words that ends right before `end`.
    private static func spokenCount(_ tokens: [Token], _ range: Range<Int>, endingBefore end: Int,
                                    consumed: TokenFlags, lexicon: Lexicon) -> (Int, Int)? {
        var found: (Int, Int)?
        var s = end - 1
        while s >= range.lowerBound, end - s <= 6, !consumed[s], tokens[s].kind == .word {
            if let (value, next) = NumberWordReader.read(tokens, from: s, to: end, lexicon: lexicon), next == end,
               let value, value.scale == 2, value.digits % 100 == 0 {
                found = (Int(min(value.digits / 100, Int64(maximumDaysBack))), s)
            }
            s -= 1
        }
        return found
    }
}
