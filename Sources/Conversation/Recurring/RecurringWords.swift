import KopiykaCore
import Ledger
import Localization
import Recurring

/// How an item reads in every message about it: `Netflix · 299 ₴ · щомісяця, 23 числа`.
struct RecurringWords {
    let l: Localizer

    /// `щомісяця, 23 числа`, `щопонеділка`, `щороку, 1 березня`.
    func schedule(_ schedule: RecurrenceSchedule) -> String { cadence(schedule.cadence) }

    /// `щомісяця, 23 числа`: a cadence alone (the family archive's `recurring.csv`).
    func cadence(_ cadence: Cadence) -> String {
        switch cadence {
        case .daily: l("recurring.cadence.daily")
        case .weekly(let weekday): l("recurring.cadence.weekly.\(weekday.rawValue)")
        case .monthly(let day) where day == 31: l("recurring.cadence.monthly_last")
        case .monthly(let day): l("recurring.cadence.monthly", ["day": .number(day)])
        case .yearly(let month, let day):
            // 2000 was a leap year: every (month, day) a cadence allows exists in it.
            l("recurring.cadence.yearly", ["date": .text(LocalDate(year: 2000, month: month, day: day).map(l.dayAndMonth) ?? "")])
        }
    }

    /// `Netflix · 299 ₴ · щомісяця, 23 числа`; a bill without an amount says it is asked each time.
    func line(_ item: RecurringItem) -> String {
        let amount = item.amount.map { l.money($0) } ?? l("recurring.amount_asked")
        return l("recurring.line", ["name": .text(name(item)), "amount": .text(amount), "schedule": .text(schedule(item.schedule))])
    }

    /// `Netflix`, escaped: its note, or its category's name when it has none.
    func name(_ item: RecurringItem) -> String {
        (item.note.isEmpty ? l.categoryName(item.category) : item.note).htmlEscaped
    }

    /// `Netflix 299 ₴`, for a reminder and a button.
    func short(_ item: RecurringItem) -> String {
        [name(item), item.amount.map { l.money($0) }].compactMap { $0 }.joined(separator: " ")
    }

    /// When it comes next and how: `Наступного разу — 23 грудня. Запишу автоматично.`
    func next(_ item: RecurringItem, today: LocalDate) -> String {
        if item.isPaused { return l("recurring.paused") }
        guard let next = item.nextDate else { return l("recurring.ended") }
        return l("recurring.next", ["date": .text(day(next, today: today))]) + " "
            + l(item.mode == .automatic ? "recurring.mode.automatic" : "recurring.mode.bill")
    }

    /// `сьогодні`, `завтра`, `23 грудня`.
    func day(_ date: LocalDate, today: LocalDate) -> String {
        if date == today { return l("recurring.day.today") }
        if date == today.adding(days: 1) { return l("recurring.day.tomorrow") }
        return l.dayAndMonth(date)
    }
}
