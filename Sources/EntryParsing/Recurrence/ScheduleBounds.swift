import KopiykaCore

/// A schedule's first and last day, said anywhere in the message once its cadence is read:
/// `з 1 грудня`, `с 1 декабря`, `starting Dec 1`, `з 5 числа`, `до 31.12.2027`, `по 31.12.2027`,
/// `до березня`, `until March 2027`. A date without a year is the next such day on or after
/// `today`; a month alone is its first day for a start and its last for an end, in the next
/// such month on or after today's. The first start and the first end count; a preposition
/// before no date (`з картки`) is left to the entry, and `до 10 числа` to the cadence (the day
/// a payment is due by). Linear: a few words per preposition.
struct ScheduleBounds {
    private(set) var start: LocalDate?
    private(set) var end: LocalDate?
    /// A date said that no calendar has (`з 31 листопада`, `до 30.02.2027`).
    private(set) var noSuchDay = false

    init(_ w: [Token], used: inout [Bool], today: LocalDate) {
        var k = 0
        while k < w.count {
            let word = w[k].text
            let isStart = start == nil && ScheduleWords.startWords.contains(word)
            let isEnd = end == nil && ScheduleWords.endWords.contains(word)
            guard !used[k], isStart || isEnd else {
                k += 1
                continue
            }
            var at = k + 1
            if isStart, at < w.count, w[at].text == "from" || w[at].text == "on" { at += 1 }
            guard let (date, next) = Self.date(w, at: at, today: today, start: isStart),
                  (at..<next).allSatisfy({ !used[$0] })
            else {
                k += 1
                continue
            }
            if let date {
                if isStart { start = date } else { end = date }
            } else {
                noSuchDay = true
            }
            for i in k..<next { used[i] = true }
            k = next
        }
    }

    /// The day the words from `k` name (nil inside: no such day), and the index after them.
    private static func date(_ w: [Token], at k: Int, today: LocalDate, start: Bool) -> (LocalDate?, Int)? {
        if let said = SchedulePhrases.date(w, at: k, monthAlone: true) {
            guard let day = said.day else {
                var month = YearMonth(year: said.year ?? today.year, month: said.month)
                if said.year == nil, let this = month, this < YearMonth(today) { month = YearMonth(year: today.year + 1, month: said.month) }
                return (month.map { start ? $0.firstDay : $0.lastDay }, said.next)
            }
            guard day <= LocalDate.daysIn(month: said.month, year: 2000) else { return (nil, said.next) }
            if let year = said.year { return (LocalDate(year: year, month: said.month, day: day), said.next) }
            return (next(onOrAfter: today) { LocalDate(year: $0.year, month: said.month, day: day) }, said.next)
        }
        // `з другого рахунку` is an account: a spelled day alone needs `числа`.
        guard start, let said = SchedulePhrases.day(w, at: k, plain: false), !said.spelled || said.ofMonth else { return nil }
        guard (1...31).contains(said.day) else { return (nil, said.next) }
        return (next(onOrAfter: today) { LocalDate(year: $0.year, month: $0.month, day: said.day) }, said.next)
    }

    /// The first date `make` gives for a month from today's on (within eight years: 29 February
    /// comes back within them), that is not before today.
    private static func next(onOrAfter today: LocalDate, _ make: (YearMonth) -> LocalDate?) -> LocalDate? {
        var month = YearMonth(today)
        for _ in 0..<(12 * 8 + 1) {
            if let date = make(month), date >= today { return date }
            month = month.next
        }
        return nil
    }
}
