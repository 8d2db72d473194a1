@testable import EntryParsing
import Foundation
import KopiykaCore
import Recurring
import Testing

/// Monday 2026-11-23: the day the recurrence tables are read on.
let monday = LocalDate(year: 2026, month: 11, day: 23)!
/// A month's last day, so a month without a day takes the 31st.
let januaryEnd = LocalDate(year: 2027, month: 1, day: 31)!

/// One row of a recurrence table: `message => cadence | start | end | rest`, the cadence as
/// `Cadence.code` (`monthly:5`), `-` for no start or end; `@2027-01-31 ` before the message
/// reads it on that day instead of `monday`; `\\n` is a new line.
struct RecurrenceRow: CustomTestStringConvertible, Sendable {
    let message: String
    let today: LocalDate
    let expected: RecurrencePhrase
    let line: Int

    var testDescription: String { "line \(line): \(message)" }

    static func rows(_ table: String) -> [RecurrenceRow] {
        table.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("//"), let arrow = line.range(of: " => ") else { return nil }
            var message = String(line[..<arrow.lowerBound]).replacingOccurrences(of: "\\n", with: "\n")
            var today = monday
            if message.hasPrefix("@"), let space = message.firstIndex(of: " ") {
                today = LocalDate(iso: String(message[message.index(after: message.startIndex)..<space]))!
                message = String(message[message.index(after: space)...])
            }
            let fields = line[arrow.upperBound...].split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            precondition(fields.count == 4, "bad row \(index + 1): \(line)")
            let expected = RecurrencePhrase(
                cadence: Cadence(code: fields[0])!, start: LocalDate(iso: fields[1]), end: LocalDate(iso: fields[2]),
                rest: fields[3].replacingOccurrences(of: "\\n", with: "\n"))
            return RecurrenceRow(message: message, today: today, expected: expected, line: index + 1)
        }
    }

    func check() {
        let result = RecurrencePhrase.read(message, today: today)
        #expect(result == .success(expected), "\(message)")
    }
}

/// Every message the parser's own tests and benchmark read: ordinary entries, none of them a
/// schedule.
enum OrdinaryMessages {
    static let all: [String] = {
        let rows: [[MessageRow]] = [
            DateTests.table, ExamplesTests.table, AmountBoundsTests.table, AmountTests.failures, NotMoneyTests.uk,
            NotMoneyTests.ru, NotMoneyTests.en, MixedMessageTests.uk, MixedMessageTests.ru, MixedMessageTests.en,
            SpokenDateTests.ordinalRows, SpokenDateTests.weekdayRows, SpokenDateTests.daysAgoRows, TrapTests.table,
            UnknownCodeTests.rows, FuelTests.rows,
        ]
        let tables = [
            MessageTables.uk, MessageTables.ru, MessageTables.en, MessageTables.several, SpeechTables.uk,
            SpeechTables.ru, SpeechTables.en, SpeechTables.fuelGrades, CurrencyWordTables.uk, CurrencyWordTables.ru,
            CurrencyWordTables.en, SeveralEntriesTables.uk, SeveralEntriesTables.ru, SeveralEntriesTables.en,
            ArithmeticTables.uk, ArithmeticTables.ru, ArithmeticTables.en,
        ]
        let categories = CategoryTests.forms + CategoryTests.merchants + CategoryTests.typos + CategoryTests.named
        return ParserBenchmark.messages + HostileMessages.all.map(\.text)
            + rows.flatMap { $0.map(\.message) } + tables.flatMap { MessageRow.rows($0).map(\.message) }
            + (AmountTests.digits + NumberWordsTests.spoken).map(\.message)
            + categories.map(\.0) + AmbiguousAmountTests.rows.map(\.0) + MixedMessageTests.computed.map(\.0)
            + GroupConfidenceTests.entries + GroupConfidenceTests.chatter + TransferTests.transfers.map(\.0)
    }()
}
