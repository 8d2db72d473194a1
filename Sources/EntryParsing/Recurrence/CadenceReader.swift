import KopiykaCore
import Recurring

/// Finds every schedule phrase among a message's words (`щомісяця`, `кожного 5-го`,
/// `5 числа каждого месяца`, `every year on 1 March`, `по понеділках`) in one pass from the
/// left; each phrase looks at a few words around it, so the pass is linear. Marks the words it
/// takes in `used`, and leaves a day after `з`, `from` or `по` to `ScheduleBounds`.
struct CadenceReader {
    /// What one phrase said; nil fields are left to the anchor day (`щомісяця`: today's day).
    struct Found: Equatable {
        var unit: ScheduleWords.Unit
        var weekday: Weekday? = nil
        var day: Int? = nil
        var month: Int? = nil
        /// A year said with a yearly date (`щороку 1 березня 2027`): the first occurrence.
        var first: LocalDate? = nil
    }

    let w: [Token]
    var used: [Bool]
    private(set) var found: [Found] = []
    /// A day said that no month or no such month has (`кожного 32-го`, `щороку 30 лютого`).
    private(set) var noSuchDay = false

    init(_ w: [Token], used: [Bool]) {
        self.w = w
        self.used = used
    }

    mutating func scan() {
        var k = 0
        while k < w.count {
            k = free(k) ? match(at: k) ?? k + 1 : k + 1
        }
    }

    private func free(_ k: Int) -> Bool { w.indices.contains(k) && !used[k] }

    private func text(_ k: Int) -> String? { free(k) ? w[k].text : nil }

    /// A phrase starting at `k`: the index after it.
    private mutating func match(at k: Int) -> Int? {
        let word = w[k].text
        if let unit = ScheduleWords.cadences[word] {
            guard !(text(k + 1).map(ScheduleWords.boughtOnce.contains) ?? false) else { return nil }
            return extend(Found(unit: unit), k..<(k + 1))
        }
        if let weekday = ScheduleWords.weekdayCadences[word] { return take(Found(unit: .week, weekday: weekday), k..<(k + 1)) }
        // The tokenizer reads `monday's` as `mondays`: an English plural counts only as written.
        if let weekday = ScheduleWords.pluralWeekdays[word],
           !word.utf8.allSatisfy({ $0 < 0x80 }) || w[k].end - w[k].start == word.utf8.count {
            let first = text(k - 1).map { $0 == "по" || $0 == "on" } == true ? k - 1 : k
            return take(Found(unit: .week, weekday: weekday), first..<(k + 1))
        }
        if ScheduleWords.every.contains(word) { return every(at: k) }
        return dayBeforeMonthly(at: k) ?? dateBeforeYearly(at: k)
    }

    /// `кожного місяця`, `кожного понеділка`, `кожного 5-го`, `every 5th`.
    private mutating func every(at k: Int) -> Int? {
        guard let next = text(k + 1) else { return nil }
        if let unit = ScheduleWords.units[next] { return extend(Found(unit: unit), k..<(k + 2)) }
        if let weekday = ScheduleWords.weekday(next) { return take(Found(unit: .week, weekday: weekday), k..<(k + 2)) }
        guard let day = SchedulePhrases.day(w, at: k + 1, plain: false), (k + 1..<day.next).allSatisfy(free) else { return nil }
        if !day.ofMonth, let after = text(day.next) {
            // `every 2nd week`, `кожного першого понеділка`; a spelled day before any word is a
            // noun's (`every fifth coffee`).
            if ScheduleWords.counted.contains(after) || (day.spelled && w[day.next].kind == .word) { return nil }
        }
        return take(monthly(day.day), k..<monthTail(day.next))
    }

    /// `5-го числа щомісяця`, `до 10 числа кожного місяця`, `(on) the 5th of every month`.
    private mutating func dayBeforeMonthly(at k: Int) -> Int? {
        guard let day = SchedulePhrases.day(w, at: k, plain: false), (k..<day.next).allSatisfy(free),
              let first = leading(k) else { return nil }
        var i = day.next
        if text(i) == "of" { i += 1 }
        guard let end = monthlyWords(at: i) else { return nil }
        return take(monthly(day.day), first..<end)
    }

    /// `1 березня щороку`, `01.03 щороку`, `on 1 March every year`.
    private mutating func dateBeforeYearly(at k: Int) -> Int? {
        guard let date = SchedulePhrases.date(w, at: k, monthAlone: false), let day = date.day,
              (k..<date.next).allSatisfy(free), let first = leading(k) else { return nil }
        let end: Int
        if ScheduleWords.cadences[text(date.next) ?? ""] == .year {
            end = date.next + 1
        } else if ScheduleWords.every.contains(text(date.next) ?? ""), ScheduleWords.units[text(date.next + 1) ?? ""] == .year {
            end = date.next + 2
        } else {
            return nil
        }
        return take(yearly(day, date), first..<end)
    }

    /// The day or date said after a cadence (`щомісяця 10 числа`, `weekly on Monday`,
    /// `every year on 1 March`, the day a payment is due by: `щомісяця до 10 числа`, `щороку до
    /// 1 березня`), or before a weekly one (`у понеділок щотижня`).
    private mutating func extend(_ found: Found, _ span: Range<Int>) -> Int {
        var found = found
        var start = span.lowerBound, end = span.upperBound
        let by = text(end).map(ScheduleWords.deadline.contains) == true && found.unit != .week
        let on = by || text(end).map(DayWords.onWords.contains) == true ? end + 1 : end
        switch found.unit {
        case .week:
            if let weekday = text(on).flatMap(ScheduleWords.weekday) {
                (found.weekday, end) = (weekday, on + 1)
            } else if let weekday = text(start - 1).flatMap(ScheduleWords.weekday) {
                found.weekday = weekday
                start -= text(start - 2).map { DayWords.onWords.contains($0) } == true ? 2 : 1
            }
        case .month:
            let at = text(on) == "the" ? on + 1 : on
            if let day = SchedulePhrases.day(w, at: at, plain: text(end) == "on"), (at..<day.next).allSatisfy(free) {
                (found.day, end) = (day.day, monthTail(day.next))
                noSuchDay = noSuchDay || !(1...31).contains(day.day)
            }
        case .year:
            // `до 1 березня 2028` is the last day, left to `ScheduleBounds`.
            if let date = SchedulePhrases.date(w, at: on, monthAlone: false), let day = date.day, !(by && date.year != nil),
               (on..<date.next).allSatisfy(free) {
                (found, end) = (yearly(day, date), date.next)
            }
        case .day:
            break
        }
        return take(found, start..<end)
    }

    /// `every`/`кожного` with a month word, or a monthly cadence word, at `k`: the index after.
    private func monthlyWords(at k: Int) -> Int? {
        guard let word = text(k) else { return nil }
        if ScheduleWords.cadences[word] == .month { return k + 1 }
        if ScheduleWords.every.contains(word), ScheduleWords.units[text(k + 1) ?? ""] == .month { return k + 2 }
        return nil
    }

    /// `of the month`, `of every month`, `місяця` after a day of the month.
    private func monthTail(_ k: Int) -> Int {
        var i = k
        if text(i) == "of" { i += 1 }
        if text(i) == "the" { i += 1 }
        if let end = monthlyWords(at: i) { return end }
        return ScheduleWords.units[text(i) ?? ""] == .month ? i + 1 : k
    }

    /// Where a phrase whose day is at `k` starts: with `the`, `on`, or the `до`/`by` of a day
    /// it is due by. Nil after `з`, `from` or `по`: that day is a start or an end.
    private func leading(_ k: Int) -> Int? {
        var first = k
        if text(first - 1) == "the" { first -= 1 }
        guard let before = text(first - 1) else { return first }
        if before == "on" || ScheduleWords.deadline.contains(before) { return first - 1 }
        return ScheduleWords.startWords.contains(before) || ScheduleWords.endWords.contains(before) ? nil : first
    }

    private mutating func monthly(_ day: Int) -> Found {
        noSuchDay = noSuchDay || !(1...31).contains(day)
        return Found(unit: .month, day: day)
    }

    private mutating func yearly(_ day: Int, _ date: SchedulePhrases.Date) -> Found {
        noSuchDay = noSuchDay || Cadence(yearlyOn: date.month, day: day) == nil
        let first = date.year.flatMap { LocalDate(year: $0, month: date.month, day: day) }
        noSuchDay = noSuchDay || (date.year != nil && first == nil)
        return Found(unit: .year, day: day, month: date.month, first: first)
    }

    private mutating func take(_ found: Found, _ span: Range<Int>) -> Int {
        mark(found, span)
        var end = span.upperBound
        while let next = another(after: end, like: found) { end = next }
        return end
    }

    /// `5-го і 20-го`, `every Monday and Friday`: a second day, which one schedule cannot keep,
    /// taken as a second schedule so the message is refused rather than half read.
    private mutating func another(after end: Int, like found: Found) -> Int? {
        guard let and = text(end), ScheduleWords.and.contains(and) else { return nil }
        if found.weekday != nil, let weekday = text(end + 1).flatMap(ScheduleWords.weekday) {
            mark(Found(unit: .week, weekday: weekday), end..<(end + 2))
            return end + 2
        }
        if found.unit == .month, found.day != nil, let day = SchedulePhrases.day(w, at: end + 1, plain: false),
           (end + 1..<day.next).allSatisfy(free) {
            mark(monthly(day.day), end..<day.next)
            return day.next
        }
        return nil
    }

    private mutating func mark(_ found: Found, _ span: Range<Int>) {
        for i in span { used[i] = true }
        self.found.append(found)
    }
}
