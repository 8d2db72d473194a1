@testable import EntryParsing
import KopiykaCore
import Recurring
import Testing

@Suite struct RecurrencePhraseTests {
    @Test(arguments: RecurrenceRow.rows(RecurrenceTables.uk)) func ukrainian(_ row: RecurrenceRow) { row.check() }
    @Test(arguments: RecurrenceRow.rows(RecurrenceTables.ru)) func russian(_ row: RecurrenceRow) { row.check() }
    @Test(arguments: RecurrenceRow.rows(RecurrenceTables.en)) func english(_ row: RecurrenceRow) { row.check() }
    @Test(arguments: RecurrenceRow.rows(RecurrenceTables.edges)) func mixedAndMonthEnds(_ row: RecurrenceRow) { row.check() }

    @Test func theTablesHoldSixtyPhrasesInThreeLanguages() {
        let rows = [RecurrenceTables.uk, RecurrenceTables.ru, RecurrenceTables.en, RecurrenceTables.edges].map(RecurrenceRow.rows)
        #expect(rows.allSatisfy { $0.count >= 10 })
        #expect(rows.map(\.count).reduce(0, +) >= 60)
    }

    @Test(arguments: RecurrenceTables.ordinary) func ordinaryEntriesSayNoSchedule(_ text: String) {
        #expect(RecurrencePhrase.read(text, today: monday) == nil)
    }

    @Test(arguments: RecurrenceTables.failures) func schedulesThatCannotBeKept(_ text: String, _ failure: RecurrencePhraseFailure) {
        #expect(RecurrencePhrase.read(text, today: monday) == .failure(failure))
    }

    /// Every message the parser's tests and its benchmark read, on three days.
    @Test func noOrdinaryMessageOfTheParserIsASchedule() {
        let messages = OrdinaryMessages.all
        #expect(messages.count > 1_000)
        for today in [monday, januaryEnd, LocalDate(year: 2028, month: 2, day: 29)!] {
            for text in messages {
                let result = RecurrencePhrase.read(text, today: today)
                #expect(result == nil, "\(text) → \(String(describing: result))")
            }
        }
    }

    /// The rest is what the entry parser reads: the schedule's words gone, the entry intact.
    @Test func theRestParsesAsTheEntryWithoutTheSchedule() throws {
        let parser = EntryParser()
        let cases: [(String, String)] = [
            ("оренда 15000 кожного 5-го з картки", "оренда 15000 з картки"),
            ("netflix 299 грн щомісяця з 1 грудня", "netflix 299 грн"),
            ("+30000 зарплата щомісяця 10 числа", "+30000 зарплата"),
        ]
        for (text, plain) in cases {
            let phrase = try #require(try RecurrencePhrase.read(text, today: monday)?.get())
            #expect(parser.parse(phrase.rest, today: monday) == parser.parse(plain, today: monday))
        }
    }

    /// A schedule's days are the ones `RecurrenceSchedule` counts from: the first occurrence of
    /// `щомісяця з 1 грудня` is the 1st of December.
    @Test func aStartAnchorsTheScheduleItNames() throws {
        let phrase = try #require(try RecurrencePhrase.read("оренда 15000 щомісяця з 1 грудня", today: monday)?.get())
        let schedule = RecurrenceSchedule(phrase.cadence, start: phrase.start ?? monday, end: phrase.end)
        #expect(schedule.first(onOrAfter: monday) == LocalDate(year: 2026, month: 12, day: 1))
    }
}
