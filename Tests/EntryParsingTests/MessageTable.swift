import EntryParsing
import Foundation
import KopiykaCore
import Testing

/// The day every table is read on: a Saturday.
let today = LocalDate(year: 2026, month: 11, day: 21)!

/// One row of a message table: `message => kind amount currency category account date | note`,
/// or `message => failure`. `account` is `-` for none; `date` is days from today (`0`, `-1`)
/// or ISO; without `| note` the note is not checked. Several entries: `;;` between their expectations. `\\n` in a
/// message is a new line.
struct MessageRow: CustomTestStringConvertible, Sendable {
    let message: String
    let expected: String
    let line: Int

    var testDescription: String { "line \(line): \(message)" }

    static func rows(_ table: String) -> [MessageRow] {
        table.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("//"), let arrow = line.range(of: "=> ") else { return nil }
            return MessageRow(
                message: String(line[..<arrow.lowerBound]).trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: "\\n", with: "\n"),
                expected: String(line[arrow.upperBound...]), line: index + 1)
        }
    }

    func check(parser: EntryParser = EntryParser()) {
        let result = parser.parse(message, today: today)
        if let failure = ParseFailure(rawValue: expected) {
            #expect(result == .failure(failure), "\(message)")
            return
        }
        var wanted = expected.components(separatedBy: ";;").map(MessageRow.entry)
        // A row without `| note` does not check the note.
        if case .success(let got) = result, got.count == wanted.count {
            for i in wanted.indices where wanted[i].note == MessageRow.unchecked { wanted[i].note = got[i].note }
        }
        #expect(result == .success(wanted), "\(message)")
    }

    static let unchecked = "\u{0}unchecked"

    private static func entry(_ text: String) -> ParsedEntry {
        let parts = text.split(separator: "|", maxSplits: 1)
        let fields = parts[0].split(separator: " ").map(String.init)
        precondition(fields.count == 6 || fields.count == 7, "bad row: \(text)")
        let currency = Currency(code: fields[2])!
        let date = Int(fields[5]).map { today.adding(days: $0) } ?? LocalDate(iso: fields[5])!
        return ParsedEntry(
            kind: EntryKind(rawValue: fields[0])!,
            amount: Money(decimal: fields[1], currency: currency)!,
            category: CategoryKey(rawValue: fields[3]),
            account: fields[4] == "-" ? nil : AccountKey(rawValue: fields[4]),
            date: date,
            note: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : unchecked,
            isPrivate: fields.count == 7 && fields[6] == "private")
    }
}
