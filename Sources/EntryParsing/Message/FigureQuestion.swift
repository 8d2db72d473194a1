import KopiykaCore

/// A question about the family's own figures: `скільки витратили на кафе цього місяця?`,
/// `а скільки ми віддали за світло?`, `сколько потратили в ноябре`, `how much did we spend on
/// groceries last month?`. The bot answers it from the figures `/report` shows; any other
/// question records nothing (`ParseFailure.question`).
///
/// Read only when every word is understood: a question word, a word of spending or income
/// (or `на`/`on` before a category), a period, a category, and a few fillers. A name, a number
/// or a word it does not know (`скільки Оля витратила?`, `скільки вийде 320 + 145?`) makes it
/// no figures question, so a figure is never given for a question it does not answer.
public struct FigureQuestion: Equatable, Sendable {
    public enum Flow: Equatable, Sendable { case spent, received }

    public enum Period: Equatable, Sendable {
        case month(YearMonth)
        case today, yesterday, thisWeek

        /// The days the period covers, up to `today` for the running ones; a week starts on Monday.
        public func dates(today: LocalDate) -> ClosedRange<LocalDate> {
            switch self {
            case .month(let month):
                let first = LocalDate(year: month.year, month: month.month, day: 1) ?? today
                let last = LocalDate(year: month.year, month: month.month,
                                     day: LocalDate.daysIn(month: month.month, year: month.year)) ?? first
                return first...max(first, last)
            case .today: return today...today
            case .yesterday: return today.adding(days: -1)...today.adding(days: -1)
            case .thisWeek:
                let sinceMonday = ((today.daysSinceEpoch + 3) % 7 + 7) % 7  // 1970-01-01 was a Thursday.
                return today.adding(days: -sinceMonday)...today
            }
        }
    }

    public let flow: Flow
    /// The category asked about; nil for all spending (or all income).
    public let category: CategoryKey?
    public let period: Period
}

extension EntryParser {
    /// The figures question `text` asks, or nil when it asks none this reader understands.
    /// Cost: one tokenizing pass and a table look-up a word, plus a category look-up when words
    /// are left; nothing is read for a message without a question word.
    public func figureQuestion(_ text: String, today: LocalDate) -> FigureQuestion? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= 200 else { return nil }
        let tokens = Tokenizer.tokens(scalars)
        let words = tokens.filter { $0.kind == .word }.map(\.text)
        guard !tokens.contains(where: { [.number, .operation, .plus].contains($0.kind) }),
              words.contains(where: Self.askingWords.contains) else { return nil }
        var flow: FigureQuestion.Flow?, before = false, period: FigureQuestion.Period?, last = false, rest: [String] = []
        for (i, word) in words.enumerated() {
            if Self.askingWords.contains(word) || Self.fillers.contains(word) { continue }
            if Self.spentWords.contains(word) { flow = flow ?? .spent; continue }
            if Self.receivedWords.contains(word) { flow = flow ?? .received; continue }
            if Self.beforeCategory.contains(word) { before = before || i + 1 < words.count; continue }
            if Self.lastWords.contains(word) { last = true; continue }
            if Self.thisWords.contains(word) { continue }
            if Self.monthWords.contains(word) { period = period ?? .month(YearMonth(today)); continue }
            if Self.weekWords.contains(word) { period = .thisWeek; continue }
            if Self.todayWords.contains(word) { period = .today; continue }
            if Self.yesterdayWords.contains(word) { period = .yesterday; continue }
            if let number = Self.monthNames[word], !(word == "may" && i > 0 && words[i - 1] != "in") {
                period = .month(YearMonth(year: number > today.month ? today.year - 1 : today.year, month: number) ?? YearMonth(today))
                continue
            }
            rest.append(word)
        }
        switch period {
        case .month(let month) where last: period = .month(month.previous)
        case nil: period = .month(last ? YearMonth(today).previous : YearMonth(today))
        case .thisWeek where last, .today where last: return nil  // `минулого тижня`: no such figure yet.
        default: break
        }
        var category: CategoryKey?
        // Every word left names the same category: `Оля` or `послуги` is no part of one.
        for word in rest {
            guard let named = self.category(named: word), category == nil || category == named else { return nil }
            category = named
        }
        // `скільки на кафе?` asks about spending; `скільки коштує кава?` asks a price.
        guard let flow = flow ?? (before && category != nil ? .spent : nil), let period else { return nil }
        if let category, (category.kind == .income) != (flow == .received) { return nil }
        // Income is answered for a month, as `/report` counts it.
        if flow == .received, category != nil || !period.isMonth { return nil }
        return FigureQuestion(flow: flow, category: category, period: period)
    }

    private static func set(_ words: String) -> Set<String> { Set(words.split(whereSeparator: \.isWhitespace).map(String.init)) }

    private static let askingWords = set("скільки скіки скіко скока скилько сколько скоко скольки much")
    private static let fillers = set("""
        а і й та ну ми я ти ви вже уже всього загалом разом взагалі всего вообще итого мы вы ты нам в у во \
        how did do does we i you in total altogether so far
        """)
    private static let spentWords = set("""
        витратили витратив витратила витратила витрачено витратилися пішло ушло ушло віддали заплатили платили \
        потратили потратил потратила потрачено отдали заплатил заплатила заплатили израсходовали \
        витрат витрати витратах расходы расходов расходах spent spend spending paid pay went expenses
        """)
    private static let receivedWords = set("""
        заробили заробив заробила отримали отримав отримала прийшло надійшло \
        заработали заработал заработала получили получил получила пришло поступило \
        дохід доходу доходів доходи доход дохода доходов earned earn received got made income
        """)
    private static let beforeCategory = set("на за on for")
    private static let thisWords = set("цього цей цьому цім цієї этом этот этого эту этой this current")
    private static let lastWords = set("минулого минулий минулому минулій прошлом прошлый прошлого прошлой last previous")
    private static let monthWords = set("місяць місяця місяці месяц месяца месяце month")
    private static let weekWords = set("тиждень тижня тижні неделю недели неделе week")
    private static let todayWords = set("сьогодні сегодня today")
    private static let yesterdayWords = set("вчора учора вчера yesterday")
    /// Month names as a question says them: `у листопаді`, `за листопад`, `в ноябре`, `in November`.
    private static let monthNames: [String: Int] = {
        let forms = [
            "січень січня січні январь января январе january",
            "лютий лютого лютому февраль февраля феврале february",
            "березень березня березні март марта марте march",
            "квітень квітня квітні апрель апреля апреле april",
            "травень травня травні май мая мае may",
            "червень червня червні июнь июня июне june",
            "липень липня липні июль июля июле july",
            "серпень серпня серпні август августа августе august",
            "вересень вересня вересні сентябрь сентября сентябре september",
            "жовтень жовтня жовтні октябрь октября октябре october",
            "листопад листопада листопаді ноябрь ноября ноябре november",
            "грудень грудня грудні декабрь декабря декабре december",
        ]
        var names: [String: Int] = [:]
        for (index, line) in forms.enumerated() {
            for word in line.split(separator: " ") { names[String(word)] = index + 1 }
        }
        return names
    }()
}

extension FigureQuestion.Period {
    var isMonth: Bool { if case .month = self { true } else { false } }
}
