import EntryParsing
import KopiykaCore
import Testing

/// Dates as people say them. Today is Saturday 2026-11-21, so this week began on Monday the
/// 16th and the previous one on the 9th.
@Suite struct SpokenDateTests {
    static let ordinalRows = MessageRow.rows("""
    третього листопада кава 85 => expense 85.00 UAH cafe - 2026-11-03 | кава
    кава 85 третього листопада => expense 85.00 UAH cafe - 2026-11-03 | кава
    двадцять першого жовтня таксі 120 => expense 120.00 UAH taxi - 2026-10-21 | таксі
    3-го листопада кава 85 => expense 85.00 UAH cafe - 2026-11-03 | кава
    кава 85 21-го жовтня => expense 85.00 UAH cafe - 2026-10-21 | кава
    першого грудня кава 85 => expense 85.00 UAH cafe - 2025-12-01 | кава
    тридцять першого грудня кава 85 => expense 85.00 UAH cafe - 2025-12-31 | кава
    п'ятнадцятого листопада кава 85 => expense 85.00 UAH cafe - 2026-11-15 | кава
    кава 85 двадцятого листопада => expense 85.00 UAH cafe - 2026-11-20 | кава
    третьего ноября кофе 85 => expense 85.00 UAH cafe - 2026-11-03 | кофе
    кофе 85 двадцать первого октября => expense 85.00 UAH cafe - 2026-10-21 | кофе
    5-е ноября кофе 85 => expense 85.00 UAH cafe - 2026-11-05 | кофе
    кофе 85 второго ноября => expense 85.00 UAH cafe - 2026-11-02 | кофе
    седьмого ноября такси 120 => expense 120.00 UAH taxi - 2026-11-07 | такси
    on the third of November coffee 85 => expense 85.00 UAH cafe - 2026-11-03 | coffee
    coffee 85 on the third of November => expense 85.00 UAH cafe - 2026-11-03 | coffee
    coffee 85 November 3rd => expense 85.00 UAH cafe - 2026-11-03 | coffee
    coffee 85 the 21st of October => expense 85.00 UAH cafe - 2026-10-21 | coffee
    coffee 85 twenty-first of October => expense 85.00 UAH cafe - 2026-10-21 | coffee
    taxi 120 October twenty first => expense 120.00 UAH taxi - 2026-10-21 | taxi
    // The day word is never the amount.
    кава третього листопада => no_amount
    coffee on the third of November => no_amount
    """)

    static let weekdayRows = MessageRow.rows("""
    у вівторок кава 85 => expense 85.00 UAH cafe - 2026-11-17 | кава
    кава 85 в понеділок => expense 85.00 UAH cafe - 2026-11-16 | кава
    у суботу кава 85 => expense 85.00 UAH cafe - 0 | кава
    в неділю таксі 120 => expense 120.00 UAH taxi - 2026-11-15 | таксі
    в п'ятницю кава 85 => expense 85.00 UAH cafe - 2026-11-20 | кава
    минулої середи кава 85 => expense 85.00 UAH cafe - 2026-11-11 | кава
    кава 85 минулого понеділка => expense 85.00 UAH cafe - 2026-11-09 | кава
    у минулу суботу кава 85 => expense 85.00 UAH cafe - 2026-11-14 | кава
    во вторник кофе 85 => expense 85.00 UAH cafe - 2026-11-17 | кофе
    кофе 85 в пятницу => expense 85.00 UAH cafe - 2026-11-20 | кофе
    в воскресенье такси 120 => expense 120.00 UAH taxi - 2026-11-15 | такси
    в прошлую среду кофе 85 => expense 85.00 UAH cafe - 2026-11-11 | кофе
    кофе 85 в прошлый четверг => expense 85.00 UAH cafe - 2026-11-12 | кофе
    on Tuesday coffee 85 => expense 85.00 UAH cafe - 2026-11-17 | coffee
    coffee 85 on Saturday => expense 85.00 UAH cafe - 0 | coffee
    last Wednesday coffee 85 => expense 85.00 UAH cafe - 2026-11-11 | coffee
    taxi 120 last Friday => expense 120.00 UAH taxi - 2026-11-13 | taxi
    """)

    static let daysAgoRows = MessageRow.rows("""
    два дні тому таксі 120 => expense 120.00 UAH taxi - -2 | таксі
    таксі 120 два дні тому => expense 120.00 UAH taxi - -2 | таксі
    п'ять днів тому кава 85 => expense 85.00 UAH cafe - -5 | кава
    10 днів тому кава 85 => expense 85.00 UAH cafe - -10 | кава
    тиждень тому кава 85 => expense 85.00 UAH cafe - -7 | кава
    два тижні тому кава 85 => expense 85.00 UAH cafe - -14 | кава
    3 дня назад такси 120 => expense 120.00 UAH taxi - -3 | такси
    кофе 85 три дня назад => expense 85.00 UAH cafe - -3 | кофе
    неделю назад кофе 85 => expense 85.00 UAH cafe - -7 | кофе
    two days ago taxi 120 => expense 120.00 UAH taxi - -2 | taxi
    coffee 85 3 days ago => expense 85.00 UAH cafe - -3 | coffee
    coffee 85 a week ago => expense 85.00 UAH cafe - -7 | coffee
    // A number that does not agree with a singular week or month is the price; months are
    // calendar months.
    кіно 400 тиждень тому => expense 400.00 UAH entertainment - -7 | кіно
    кино 400 неделю назад => expense 400.00 UAH entertainment - -7 | кино
    таксі 150 місяць тому => expense 150.00 UAH taxi - 2026-10-21 | таксі
    такси 150 два месяца назад => expense 150.00 UAH taxi - 2026-09-21 | такси
    taxi 150 a month ago => expense 150.00 UAH taxi - 2026-10-21 | taxi
    21 день тому кава 85 => expense 85.00 UAH cafe - -21 | кава
    // The count of days is never the amount, and a date before 2000 is refused.
    два дні тому таксі => no_amount
    кава 85 10000 днів тому => date_out_of_range
    """)

    @Test(arguments: ordinalRows) func ordinalDates(_ row: MessageRow) { row.check() }
    @Test(arguments: weekdayRows) func weekdays(_ row: MessageRow) { row.check() }
    @Test(arguments: daysAgoRows) func daysAgo(_ row: MessageRow) { row.check() }
}
