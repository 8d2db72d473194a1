import EntryParsing
import KopiykaCore
import Testing

/// Today is Saturday 2026-11-21.
@Suite struct DateTests {
    static let table = MessageRow.rows("""
    кава 85 сьогодні => expense 85.00 UAH cafe - 0 | кава
    кава 85 сегодня => expense 85.00 UAH cafe - 0 | кава
    coffee 85 today => expense 85.00 UAH cafe - 0 | coffee
    вчора кава 85 => expense 85.00 UAH cafe - -1 | кава
    учора кава 85 => expense 85.00 UAH cafe - -1 | кава
    кофе 85 вчера => expense 85.00 UAH cafe - -1 | кофе
    coffee 85 yesterday => expense 85.00 UAH cafe - -1 | coffee
    позавчора кава 85 => expense 85.00 UAH cafe - -2 | кава
    позавчера кофе 85 => expense 85.00 UAH cafe - -2 | кофе
    coffee 85 day before yesterday => expense 85.00 UAH cafe - -2 | coffee
    Вчора кава 85 => expense 85.00 UAH cafe - -1 | кава
    // dd.mm is a date only beside another amount; alone it is the amount.
    кава 85 12.11 => expense 85.00 UAH cafe - 2026-11-12 | кава
    12.11 кава 85 => expense 85.00 UAH cafe - 2026-11-12 | кава
    кава 12.11 => expense 12.11 UAH cafe - 0 | кава
    кава 12.11 грн => expense 12.11 UAH cafe - 0 | кава
    кава 85 12.11.2026 => expense 85.00 UAH cafe - 2026-11-12 | кава
    кава 12.11.2026 85 => expense 85.00 UAH cafe - 2026-11-12 | кава
    кава 85 12.11.25 => expense 85.00 UAH cafe - 2025-11-12 | кава
    // A day-month without a year in the future is last year's.
    кава 85 25.12 => expense 85.00 UAH cafe - 2025-12-25 | кава
    кава 85 21.11 => expense 85.00 UAH cafe - 2026-11-21 | кава
    кава 85 22.11 => expense 85.00 UAH cafe - 2025-11-22 | кава
    // Not a valid day-month: the first number is the amount.
    кава 85 45.11 => expense 85.00 UAH cafe - 0 | кава 45.11
    кава 85 12 листопада => expense 85.00 UAH cafe - 2026-11-12 | кава
    12 листопада кава 85 => expense 85.00 UAH cafe - 2026-11-12 | кава
    кава 85 1 грудня => expense 85.00 UAH cafe - 2025-12-01 | кава
    кофе 85 12 ноября => expense 85.00 UAH cafe - 2026-11-12 | кофе
    кофе 85 3 марта => expense 85.00 UAH cafe - 2026-03-03 | кофе
    coffee 85 November 12 => expense 85.00 UAH cafe - 2026-11-12 | coffee
    coffee 85 12 November => expense 85.00 UAH cafe - 2026-11-12 | coffee
    coffee 85 nov 12 => expense 85.00 UAH cafe - 2026-11-12 | coffee
    coffee 85 December 31 2024 => expense 85.00 UAH cafe - 2024-12-31 | coffee
    кава 85 12 листопада 2025 => expense 85.00 UAH cafe - 2025-11-12 | кава
    кава 85 29.02 => expense 85.00 UAH cafe - 2024-02-29 | кава
    вчора:\\nкава 85\\nтаксі 120 => expense 85.00 UAH cafe - -1 | кава ;; expense 120.00 UAH taxi - -1 | таксі
    вчора кава 85, таксі 120 => expense 85.00 UAH cafe - -1 | кава ;; expense 120.00 UAH taxi - -1 | таксі
    // Dates run from 2000 to a year after today; outside them the message is refused.
    кава 85 01.01.2000 => expense 85.00 UAH cafe - 2000-01-01 | кава
    кава 85 21.11.2027 => expense 85.00 UAH cafe - 2027-11-21 | кава
    кава 85 01.01.0001 => date_out_of_range
    кава 85 31.12.1999 => date_out_of_range
    кава 85 22.11.2027 => date_out_of_range
    кава 85 12.11.99 => date_out_of_range
    кава 85 12 листопада 1950 => date_out_of_range
    coffee 85 December 31 1999 => date_out_of_range
    01.01.1999:\\nкава 85 => date_out_of_range
    кава 85\\nтаксі 120 01.01.3000 => date_out_of_range
    // A day its month does not have is refused, not dated today with the date in the note.
    кава 85 31.11.2026 => no_such_date
    кава 85 30.02.2026 => no_such_date
    кава 85 29.02.2026 => no_such_date
    таксі 120 31.09.26 => no_such_date
    кава 85 29.02.2024 => expense 85.00 UAH cafe - 2024-02-29 | кава
    """)

    @Test(arguments: table) func dates(_ row: MessageRow) { row.check() }

    @Test func theRangeMovesWithToday() throws {
        let newYear2000 = LocalDate(year: 2000, month: 1, day: 1)!
        #expect(EntryParser().parse("кава 85 вчора", today: newYear2000) == .failure(.dateOutOfRange))
        #expect(try EntryParser().parse("кава 85", today: newYear2000).get()[0].date == newYear2000)
        let leapDay = LocalDate(year: 2028, month: 2, day: 29)!
        #expect(try EntryParser().parse("кава 85 28.02.2029", today: leapDay).get()[0].date == LocalDate(year: 2029, month: 2, day: 28)!)
        #expect(EntryParser().parse("кава 85 01.03.2029", today: leapDay) == .failure(.dateOutOfRange))
    }

    @Test func aDateIsNeverTheAmount() {
        #expect(EntryParser().parse("кава 12.11.2026", today: today) == .failure(.noAmount))
    }

    @Test func monthBoundaries() throws {
        let newYear = LocalDate(year: 2027, month: 1, day: 1)!
        let entries = try EntryParser().parse("кава 85 вчора", today: newYear).get()
        #expect(entries[0].date == LocalDate(year: 2026, month: 12, day: 31)!)
        let march = LocalDate(year: 2028, month: 3, day: 1)!
        #expect(try EntryParser().parse("кава 85 позавчора", today: march).get()[0].date == LocalDate(year: 2028, month: 2, day: 28)!)
    }
}
