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

    /// The command a text's first word (up to its first white space) stands for, as `word`
    /// tells it. Every private message asks. A word of basic Latin and Cyrillic, the common
    /// case, is lowercased and looked up byte by byte, as `normalized` would change it; any
    /// other scalar falls back to a walk by characters and Unicode's lowercasing (12,000
    /// instructions a message, 2 % of it, callgrind).
    static func wordAtStart(of text: String) -> KnownCommand? {
        var key: [UInt8] = []
        key.reserveCapacity(32)
        for scalar in text.unicodeScalars {
            if scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) { break }
            guard let folded = Self.folded(scalar) else { return word(String(text.prefix { !$0.isWhitespace })) }
            UTF8.encode(folded) { key.append($0) }
        }
        return byUTF8[key]
    }

    /// `normalized` for one scalar of basic Latin or Cyrillic, whose lowercase is one scalar
    /// of the same block and whose character is the scalar alone; nil for any other.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x27, 0x60, 0x2019, 0x2BC: "ʼ"
        case 0x41...0x5A: Unicode.Scalar(scalar.value + 0x20)
        case 0x21...0x7E: scalar
        case 0x401, 0x451: "е"
        case 0x400...0x40F: Unicode.Scalar(scalar.value + 0x50)
        case 0x410...0x42F: Unicode.Scalar(scalar.value + 0x20)
        case 0x430...0x45F, 0x491: scalar
        case 0x490: "ґ"
        default: nil
        }
    }

    /// `byWord` by the UTF-8 of its words, every one of which `folded` keeps as it is.
    private static let byUTF8: [[UInt8]: KnownCommand] = Dictionary(
        byWord.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })

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
