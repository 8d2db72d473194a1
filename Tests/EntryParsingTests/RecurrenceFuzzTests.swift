@testable import EntryParsing
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Recurring
import Testing

/// 20,000 random mixes of schedule words, days, dates, digits, punctuation, emoji and combining
/// marks, one in forty as long as 5,000 characters, read on three days. Properties: nothing
/// traps; the prefilter passes over no message with a word a schedule starts with; a schedule
/// read is valid and ends no earlier than it starts; its rest is never longer than the message
/// (in scalars, UTF-8 and characters) and reads as no schedule.
@Suite struct RecurrenceFuzzTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["KOPIYKA_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2026_11_23
    static let messages = 20_000

    @Test func readingHoldsItsContract() async throws {
        let failures = try await offThePool { RecurrenceFuzzTests.run() }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    static func run() -> [String] {
        var mixes = ScheduleMixes(rng: SplitMix64(seed: seed))
        let todays = [monday, januaryEnd, LocalDate(year: 2028, month: 2, day: 29)!]
        var failures: [String] = [], schedules = 0
        for index in 0..<messages where failures.count < 5 {
            let text = mixes.next(long: index % 40 == 39)
            let today = todays[index % todays.count]
            if !SchedulePrefilter.mayHoldSchedule(text), RecurrencePhrase.scheduleWords(Array(text.unicodeScalars)) != nil {
                failures.append("seed \(seed), message \(index): \(text.debugDescription) passed over by the prefilter")
            }
            guard case .success(let phrase)? = RecurrencePhrase.read(text, today: today) else { continue }
            schedules += 1
            var problems: [String] = []
            let rest = phrase.rest
            if rest.unicodeScalars.count > text.unicodeScalars.count || rest.utf8.count > text.utf8.count || rest.count > text.count {
                problems.append("rest longer than the message")
            }
            if let again = RecurrencePhrase.read(rest, today: today) { problems.append("the rest reads as \(again)") }
            if !phrase.cadence.isValid { problems.append("invalid cadence") }
            if let end = phrase.end, end < phrase.start ?? today { problems.append("ends before it starts") }
            if !problems.isEmpty { failures.append("seed \(seed), message \(index): \(text.debugDescription) → \(phrase): \(problems)") }
        }
        // The mixes must reach the reader's paths, not only its refusals.
        if schedules < messages / 20 { failures.append("only \(schedules) schedules read") }
        return failures
    }
}

/// Messages made of the pieces a schedule is said with, in random order and case.
struct ScheduleMixes {
    var rng: SplitMix64

    /// Sorted: a set's order changes from run to run, and a seed must replay its messages.
    static let words: [String] = {
        let tables = [ScheduleWords.cadences.keys, ScheduleWords.units.keys].flatMap { $0 }
            + ScheduleWords.every + ScheduleWords.weekdayCadences.keys + ScheduleWords.pluralWeekdays.keys
            + ScheduleWords.startWords + ScheduleWords.endWords + ScheduleWords.and + ScheduleWords.dayOfMonth
            + ScheduleWords.boughtOnce + DayWords.weekdays.keys + DayWords.onWords
        return tables.sorted() + [
            "щоп'ятниці", "щопʼятниці", "п'ятницях", "що\u{301}дня", "щоп’ятниці", "щомiсяця", "ЩОМІСЯЦЯ", "Every", "кожного", "п'ятого", "двадцять", "першого",
            "fifth", "second", "other", "the", "of", "on", "березня", "лютого", "грудня", "марта", "March", "Dec", "may",
            "кава", "оренда", "netflix", "грн", "usd", "картка", "з картки", "#приватно", "місячна", "на місяць", "per month",
        ]
    }()
    static let numbers = [
        "0", "1", "5", "10", "29", "30", "31", "32", "99", "100", "299", "2027", "15000", "1 234,56", "01.03", "31.12.2027",
        "30.02", "29.02.2028", "31.04", "1.5", "5-го", "0-го", "32-го", "5-е", "5th", "1st", "31st", "45th", "12:30", "1e999",
    ]
    static let marks = [
        ",", ".", ";", ":", "-", "–", "(", ")", "\n", "\r\n", "  ", "\u{A0}", "'", "ʼ", "+", "₴", "$", "😀", "👨‍👩‍👧", "🇺🇦",
        "\u{301}", "\u{306}", "\u{200D}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{0}",
    ]

    mutating func next(long: Bool) -> String {
        var text = ""
        let pieces = long ? Int.max : Int.random(in: 1...8, using: &rng)
        var count = 0, length = 0
        while count < pieces, length < 5_000 {
            let next = (count > 0 && Int.random(in: 0..<4, using: &rng) > 0 ? " " : "") + piece()
            text += next
            length += next.unicodeScalars.count
            count += 1
        }
        return long ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(5_000))) : text
    }

    private mutating func piece() -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...3: cased(Self.words.randomElement(using: &rng)!)
        case 4, 5: Self.numbers.randomElement(using: &rng)!
        case 6: String(Int.random(in: 0...40_000, using: &rng))
        case 7: Self.marks.randomElement(using: &rng)!
        case 8: Self.words.randomElement(using: &rng)! + Self.marks.randomElement(using: &rng)!
        default: String(String.UnicodeScalarView((0..<Int.random(in: 1...6, using: &rng)).compactMap { _ in
            Unicode.Scalar(UInt32.random(in: 0x20...0x1F9FF, using: &rng))
        }))
        }
    }

    private mutating func cased(_ word: String) -> String {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: word.uppercased()
        case 1: word.prefix(1).uppercased() + word.dropFirst()
        default: word
        }
    }
}
