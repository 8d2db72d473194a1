/// Days and dates inside a schedule, over a message's words and numbers only (punctuation
/// skipped, so `1st, 2027` reads like `1st 2027`). Each reader looks at a few words from `k` and
/// returns the index after what it read; a day outside 1...31 is returned as said, for the
/// caller to refuse (`кожного 32-го`), never clamped.
enum SchedulePhrases {
    struct Day {
        var day: Int
        var next: Int
        /// Said with `числа`/`число`: a day of the month, whatever follows.
        var ofMonth: Bool
        /// An ordinal word (`пʼятого`, `fifth`) rather than digits.
        var spelled: Bool
    }

    struct Date {
        var day: Int?
        var month: Int
        var year: Int?
        var next: Int
    }

    /// A day of the month: digits with an ordinal ending or `числа` (`5-го`, `5 числа`, `5th`),
    /// digits alone when `plain`, or an ordinal word (`пʼятого`, `двадцять першого`, `fifth`).
    static func day(_ w: [Token], at k: Int, plain: Bool) -> Day? {
        guard w.indices.contains(k) else { return nil }
        let token = w[k]
        var next = k + 1
        var marked = false
        let value: Int
        let spelled = token.kind == .word
        if token.kind == .number {
            guard token.text.utf8.count <= 3, token.text.utf8.allSatisfy({ $0 &- 0x30 < 10 }), let number = Int(token.text)
            else { return nil }
            if w.indices.contains(next), DayWords.suffixes.contains(w[next].text), w[next].start - token.end <= 1 {
                next += 1
                marked = true
            }
            value = number
        } else {
            guard let found = DayWords.ordinal(w, startingAt: k, in: w.indices, lexicon: .shared),
                  ordinalForm(w[found.span.upperBound - 1].text) else { return nil }
            (value, next, marked) = (found.day, found.span.upperBound, true)
        }
        let ofMonth = w.indices.contains(next) && ScheduleWords.dayOfMonth.contains(w[next].text)
        if ofMonth { next += 1 }
        guard marked || ofMonth || plain else { return nil }
        return Day(day: value, next: next, ofMonth: ofMonth, spelled: spelled)
    }

    /// A day and a month (`1 березня`, `1-го березня`, `the 1st of March`, `March 1st`, `01.03`)
    /// with an optional year (`1 березня 2027`, `01.03.2027`), or a month alone when `monthAlone`
    /// (`березня`, `March 2027`).
    static func date(_ w: [Token], at k: Int, monthAlone: Bool) -> Date? {
        var i = k
        if w.indices.contains(i), w[i].text == "the" { i += 1 }
        guard w.indices.contains(i) else { return nil }
        if w[i].kind == .number, let dotted = dotted(w[i].text) {
            return Date(day: dotted.day, month: dotted.month, year: dotted.year, next: i + 1)
        }
        if let day = day(w, at: i, plain: true), day.day < 100 {
            var m = day.next
            if w.indices.contains(m), w[m].text == "of" { m += 1 }
            guard let month = month(w, at: m) else { return nil }
            return withYear(Date(day: day.day, month: month, year: nil, next: m + 1), w)
        }
        guard let month = month(w, at: i) else { return nil }
        if let day = day(w, at: i + 1, plain: true), day.day < 100 {
            return withYear(Date(day: day.day, month: month, year: nil, next: day.next), w)
        }
        return monthAlone && i == k ? withYear(Date(day: nil, month: month, year: nil, next: i + 1), w) : nil
    }

    /// `dd.mm`, `dd.mm.yy` or `dd.mm.yyyy` with a day in 1...31 and a two-digit month in 1...12,
    /// valid or not (`30.02`): the caller says which dates exist. `1.5` is a number, not a date.
    static func dotted(_ text: String) -> (day: Int, month: Int, year: Int?)? {
        let groups = text.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count == 2 || groups.count == 3,
              groups.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 &- 0x30 < 10 } }),
              groups[0].utf8.count <= 2, groups[1].utf8.count == 2,
              let day = Int(groups[0]), let month = Int(groups[1]), (1...31).contains(day), (1...12).contains(month)
        else { return nil }
        guard groups.count == 3 else { return (day, month, nil) }
        let digits = groups[2].utf8.count
        guard digits == 2 || digits == 4, let year = Int(groups[2]) else { return nil }
        return (day, month, digits == 2 ? 2000 + year : year)
    }

    static func month(_ w: [Token], at k: Int) -> Int? {
        guard w.indices.contains(k), w[k].kind == .word,
              case .month(let month)? = Lexicon.shared.meaning(of: w[k].text, stem: w[k].text)?.meaning
        else { return nil }
        return month
    }

    /// The forms an ordinal day takes after `кожного`, `каждое`, `числа`: genitive and neuter
    /// (`пʼятого`, `пятое`), or English; `кожного друга` is a friend, not the 2nd.
    private static func ordinalForm(_ word: String) -> Bool {
        word.hasSuffix("го") || word.hasSuffix("е") || word.hasSuffix("є") || word.unicodeScalars.first.map(\.isASCII) == true
    }

    private static func withYear(_ date: Date, _ w: [Token]) -> Date {
        var date = date
        let k = date.next
        if w.indices.contains(k), w[k].kind == .number, w[k].text.utf8.count == 4, let year = Int(w[k].text),
           (1900...2200).contains(year) {
            date.year = year
            date.next = k + 1
        }
        return date
    }
}
