/// Every command the bot answers: the one list that the router, Telegram's menu, `/help`, the
/// words understood without a slash and the typo hint all read, so a command added here is
/// routed, listed and suggested at once. Its texts are `command.description.<name>` (the menu)
/// and `help.command.<name>` (the help), in every language.
public enum KnownCommand: String, CaseIterable, Sendable {
    case report, budget, today, week, history
    case undo, rules, rate, export
    case invite, family, leave, add
    case lang, help, start

    /// `/help`'s sections, by what a person came to do, in this order.
    public enum Section: String, CaseIterable, Sendable {
        case reports, entries, family, other
    }

    /// What may follow the command's word when it is written without a slash. Anything else
    /// after the word makes the message an entry (`бюджет на каву 85`), or a hint to write one.
    enum WordArguments {
        case none
        /// A month or a year, as `/report` and `/export` read them: `звіт жовтень`.
        case period
        /// A language code: `мова en`.
        case language
    }

    /// Telegram's menu, in this order. `/start` needs no button, and `/leave` is one tap
    /// too close to an accident.
    public static let menu: [KnownCommand] = [
        .report, .budget, .today, .week, .history, .undo, .export, .add, .invite, .family, .rules, .rate, .lang, .help,
    ]

    /// Where `/help` lists it; nil for `/start`, which only says hello.
    public var section: Section? {
        switch self {
        case .report, .budget, .today, .week, .history: .reports
        case .undo, .rules, .rate, .export: .entries
        case .invite, .family, .leave, .add: .family
        case .lang, .help: .other
        case .start: nil
        }
    }

    /// Latin names typed after a slash besides the command's own, from before the menu.
    var aliases: [String] {
        switch self {
        case .report: ["zvit", "otchet"]
        case .budget: ["biudzhet"]
        case .add: ["dodaty", "dobavit"]
        case .family: ["simia", "semia"]
        case .lang: ["language", "mova"]
        default: []
        }
    }

    /// The command as people write it without a slash, in Ukrainian, Russian and English,
    /// lower-cased, `ё` as `е`, the apostrophe as `ʼ`. Only in a private chat, and only alone
    /// or with `wordArguments`. `/add` and `/start` have none: alone they mean nothing; nor has
    /// `/leave`, lest a stray «вийти» take someone out of their family.
    var words: [String] {
        switch self {
        case .report: ["звіт", "звіти", "отчет", "отчеты", "report", "reports"]
        case .budget: ["бюджет", "бюджети", "бюджеты", "budget", "budgets"]
        case .today: ["сьогодні", "сегодня", "today"]
        case .week: ["тиждень", "неделя", "week"]
        case .history: ["історія", "история", "history"]
        case .undo: ["скасувати", "отменить", "undo"]
        case .rules: ["правила", "rules"]
        case .rate: ["курс", "курси", "курсы", "rate", "rates"]
        case .export: ["експорт", "экспорт", "export"]
        case .invite: ["запросити", "пригласить", "invite"]
        case .family: ["родина", "сімʼя", "семья", "family"]
        case .lang: ["мова", "язык", "language", "lang"]
        case .help: ["допомога", "довідка", "команди", "меню", "старт", "помощь", "справка", "команды", "help",
                     "commands", "menu", "start"]
        case .add, .start, .leave: []
        }
    }

    var wordArguments: WordArguments {
        switch self {
        case .report, .export: .period
        case .lang: .language
        default: .none
        }
    }

    /// The command a slash name stands for: `report`, `zvit`.
    static func named(_ name: String) -> KnownCommand? {
        KnownCommand(rawValue: name) ?? allCases.first { $0.aliases.contains(name) }
    }

    /// The command a word written alone stands for: `звіт`, `Отчёт`, `help`.
    static func word(_ word: String) -> KnownCommand? {
        let word = normalized(word)
        return allCases.first { $0.words.contains(word) }
    }

    static func normalized(_ word: String) -> String {
        String(word.lowercased().map { character -> Character in
            switch character {
            case "ё": "е"
            case "'", "’", "`", "ʼ": "ʼ"
            default: character
            }
        })
    }
}
