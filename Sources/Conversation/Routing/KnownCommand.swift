import KopiykaCore
import Ledger
import Localization

/// A command the bot answers, declared by the feature that answers it (`ReportsFeature.commands`
/// and the others, gathered by `Features.commands`). The router, Telegram's menu, `/help`, the
/// words understood without a slash and the typo hint all read this one list, so a command a
/// feature adds is routed, listed and suggested at once. Its texts are
/// `command.description.<name>` (the menu) and `help.command.<name>` (the help), in every language.
public struct KnownCommand: Sendable {
    /// `/help`'s sections, by what a person came to do, in this order.
    public enum Section: String, CaseIterable, Sendable {
        case reports, entries, family, other
    }

    /// What may follow the command's word when it is written without a slash. Anything else
    /// after the word makes the message an entry (`бюджет на каву 85`), or a hint to write one.
    enum WordArguments: Sendable {
        case none
        /// An argument the command reads (`звіт жовтень`, `мова en`), as this tells.
        case readable(@Sendable (_ argument: String, _ today: LocalDate, _ catalog: Catalog) -> Bool)
    }

    /// The name after the slash: `report`.
    public let name: String
    /// Where `/help` lists it; nil for `/start`, which only says hello.
    public let section: Section?
    /// Its place in `/help`'s section, lowest first.
    let helpRank: Int
    /// Its place in Telegram's menu, lowest first; nil keeps it out (`/start` needs no button,
    /// and `/leave` is one tap too close to an accident).
    let menuRank: Int?
    /// Latin names typed after a slash besides the command's own, from before the menu.
    let aliases: [String]
    /// The command as people write it without a slash, in Ukrainian, Russian and English,
    /// lower-cased, `ё` as `е`, the apostrophe as `ʼ`. Only in a private chat, and only alone
    /// or with `wordArguments`.
    let words: [String]
    let wordArguments: WordArguments
    /// Answers the command, inside the event's transaction.
    let run: @Sendable (CommandCall) throws -> Void

    init(_ name: String, section: Section?, helpRank: Int = 0, menuRank: Int?, aliases: [String] = [], words: [String] = [],
         wordArguments: WordArguments = .none, run: @escaping @Sendable (CommandCall) throws -> Void) {
        self.name = name
        self.section = section
        self.helpRank = helpRank
        self.menuRank = menuRank
        self.aliases = aliases
        self.words = words
        self.wordArguments = wordArguments
        self.run = run
    }

    /// Every command, as the features declare them.
    public static var allCases: [KnownCommand] { Features.commands }

    /// Telegram's menu, in its order.
    public static let menu: [KnownCommand] = Features.commands.filter { $0.menuRank != nil }
        .sorted { ($0.menuRank ?? 0) < ($1.menuRank ?? 0) }

    /// The command a slash name stands for: `report`, `zvit`.
    static func named(_ name: String) -> KnownCommand? {
        allCases.first { $0.name == name } ?? allCases.first { $0.aliases.contains(name) }
    }

    /// The command a word written alone stands for: `звіт`, `Отчёт`, `help`.
    static func word(_ word: String) -> KnownCommand? {
        byWord[normalized(word)]
    }

    /// `words` to their command, the first to declare a word keeping it: every message that is
    /// not a command asks, and comparing it with each of ~80 Cyrillic words, equal up to
    /// Unicode normalization, cost more than saving the entry.
    private static let byWord: [String: KnownCommand] = Dictionary(
        allCases.flatMap { command in command.words.map { ($0, command) } }, uniquingKeysWith: { first, _ in first })

    /// Scalar by scalar: a walk by characters (grapheme breaking) cost more than the lookup.
    static func normalized(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.lowercased().unicodeScalars {
            switch scalar {
            case "ё": scalars.append("е")
            case "\u{0308}" where scalars.last == "е": continue  // ё written as е and a diaeresis
            case "'", "’", "`", "ʼ": scalars.append("ʼ")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

extension KnownCommand: Hashable {
    public static func == (a: KnownCommand, b: KnownCommand) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// One command as a member gave it, with what answering it needs.
struct CommandCall {
    let context: ConversationContext
    /// The rest of the message after the command, trimmed.
    let argument: String
    let member: Member
    let household: Household
    let message: IncomingMessage
    let reply: Replier
}
