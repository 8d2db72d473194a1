import KopiykaCore
import Recurring

/// A payment that comes back, as a message says it: `netflix 299 щомісяця`, `оренда 15000
/// кожного 5-го`, `страховка 4800 щороку 1 березня`, `gym 30 every monday until March 2027`.
public struct RecurrencePhrase: Equatable, Sendable {
    public var cadence: Cadence
    /// A first day the message names (`з 1 грудня`, `starting 1 Dec`); nil when it names none.
    public var start: LocalDate?
    /// A last day the message names (`до 31.12.2027`, `until March 2027` → that month's last day); nil for none.
    public var end: LocalDate?
    /// The message without the schedule's words, as the entry parser should read it: `netflix 299`.
    public var rest: String

    public init(cadence: Cadence, start: LocalDate? = nil, end: LocalDate? = nil, rest: String) {
        self.cadence = cadence
        self.start = start
        self.end = end
        self.rest = rest
    }
}

/// A message that says a schedule, but not one that can be kept.
public enum RecurrencePhraseFailure: Error, Equatable, Sendable {
    /// A day no month has (`кожного 32-го`, `кожного 0-го`) or a date no calendar has
    /// (`щороку 30 лютого`, `з 31 листопада`).
    case noSuchDay
    /// The last day is before the first: the start named, or today when none is.
    case endBeforeStart
    /// Two schedules that differ (`кава 85 щодня, оренда 15000 щомісяця`, `по понеділках і по
    /// середах`): one message keeps one schedule.
    case severalSchedules
}

extension RecurrencePhrase {
    /// False when `read` is surely nil (no word of a schedule starts the way one does), before
    /// the caller looks up what reading needs (the household's day). One pass, no allocation.
    public static func mayHold(_ text: String) -> Bool { SchedulePrefilter.mayHoldSchedule(text) }

    /// Reads the schedule out of a message, relative to `today` (the household's day). nil when
    /// the text says no recurrence (an ordinary entry); O(length of text). What the message says
    /// without a day takes it from the start named, else from `today`: `щомісяця` on the 23rd
    /// is monthly on the 23rd, `щомісяця з 1 грудня` monthly on the 1st. Pure; any thread.
    public static func read(_ text: String, today: LocalDate) -> Result<RecurrencePhrase, RecurrencePhraseFailure>? {
        guard SchedulePrefilter.mayHoldSchedule(text) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let words = scheduleWords(scalars) else { return nil }
        var reader = CadenceReader(words, used: [Bool](repeating: false, count: words.count))
        reader.scan()
        guard !reader.found.isEmpty else { return nil }
        var used = reader.used
        let bounds = ScheduleBounds(words, used: &used, today: today)
        if reader.noSuchDay || bounds.noSuchDay { return .failure(.noSuchDay) }
        guard let said = merged(reader.found) else { return .failure(.severalSchedules) }
        let start = bounds.start ?? said.first
        let anchor = start ?? today
        guard let cadence = cadence(said, anchor: anchor) else { return .failure(.noSuchDay) }
        if let end = bounds.end, end < anchor { return .failure(.endBeforeStart) }
        let rest = RestText.cut(scalars, removing: words.indices.filter { used[$0] }.map { words[$0] })
        // What a cut brought together must not read as another schedule (`кожного щомісяця дня`).
        if let left = scheduleWords(Array(rest.unicodeScalars)) {
            var again = CadenceReader(left, used: [Bool](repeating: false, count: left.count))
            again.scan()
            if !again.found.isEmpty { return .failure(.severalSchedules) }
        }
        return .success(RecurrencePhrase(cadence: cadence, start: start, end: bounds.end, rest: rest))
    }

    /// The words and numbers of a message that holds a word only a schedule starts with.
    static func scheduleWords(_ scalars: [Unicode.Scalar]) -> [Token]? {
        let words = Tokenizer.tokens(scalars).filter { $0.kind == .word || $0.kind == .number }
        return words.contains { $0.kind == .word && ScheduleWords.mayStart($0.text) } ? words : nil
    }

    /// One schedule from all the phrases, when they agree (`щотижня по понеділках`).
    private static func merged(_ found: [CadenceReader.Found]) -> CadenceReader.Found? {
        guard var said = found.first else { return nil }
        func agree<T: Equatable>(_ field: inout T?, _ other: T?) -> Bool {
            guard let other else { return true }
            if let field, field != other { return false }
            field = other
            return true
        }
        for next in found.dropFirst() {
            guard next.unit == said.unit, agree(&said.weekday, next.weekday), agree(&said.day, next.day),
                  agree(&said.month, next.month), agree(&said.first, next.first) else { return nil }
        }
        return said
    }

    private static func cadence(_ said: CadenceReader.Found, anchor: LocalDate) -> Cadence? {
        switch said.unit {
        case .day: .daily
        case .week: .weekly(said.weekday ?? Weekday(anchor))
        case .month: Cadence(monthlyOn: said.day ?? anchor.day)
        case .year: Cadence(yearlyOn: said.month ?? anchor.month, day: said.day ?? anchor.day)
        }
    }
}
