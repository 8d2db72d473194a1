import KopiykaCore

/// One money movement read from a chat message.
public struct ParsedEntry: Equatable, Sendable {
    public var kind: EntryKind
    /// Always positive.
    public var amount: Money
    public var category: CategoryKey
    /// nil when the message names none.
    public var account: AccountKey?
    public var date: LocalDate
    /// What remains of the text after amount, currency, account and date words, trimmed, in
    /// the writer's casing.
    public var note: String
    /// The message carried `#приватно`, `#private` or `#личное` (removed from the note).
    public var isPrivate: Bool
    /// How the amount was computed, as a confirmation shows it (`2×45`); nil for a plain number.
    public var expression: String?
    /// Each amount the entry could have, in message order, when its text holds several and
    /// nothing decides (`обід 250 300`), each in its own currency (`квиток 50 EUR 2200 грн`);
    /// `amount` is then the largest number. Empty otherwise.
    public var readings: [Money] = []

    public init(kind: EntryKind, amount: Money, category: CategoryKey, account: AccountKey?,
                date: LocalDate, note: String, isPrivate: Bool, expression: String? = nil) {
        self.kind = kind
        self.amount = amount
        self.category = category
        self.account = account
        self.date = date
        self.note = note
        self.isPrivate = isPrivate
        self.expression = expression
    }
}

/// Why a message is not an entry. The raw values are the `error` keys of the public JSON
/// contract: never rename them.
public enum ParseFailure: String, Error, Sendable, CaseIterable {
    case empty
    case noAmount = "no_amount"
    case zeroAmount = "zero_amount"
    case amountTooLarge = "amount_too_large"
    /// Before 2000 or more than a year after today (`01.01.0001`, `12.11.99`).
    case dateOutOfRange = "date_out_of_range"
    /// A date with a day its month does not have (`31.11.2026`, `29.02.2026`).
    case noSuchDate = "no_such_date"
    /// Three capital letters after the amount that are no ISO 4217 code (`85 XYZ`).
    case unknownCurrency = "unknown_currency"
    /// The parts of a split purchase add up to more than its total (`Сільпо 1200: продукти 900, дім 400`).
    case splitExceedsTotal = "split_exceeds_total"
    /// An amount in a request or an instruction (`купи 3 батони`, `скинь мені 300 на квиток`).
    case request
    /// An amount in a question (`скільки вийде 320 + 145?`).
    case question
    /// An amount still to be paid or received (`зарплата буде 25-го`, `I'll send you 200 €`).
    case plan
    /// A balance or a price seen, not money that moved (`на моно лишилось 1 200`).
    case state
}

/// The seam for household rules learned from corrections: they beat the built-in tables.
public protocol CategoryRules: Sendable {
    func category(forStems stems: [String]) -> CategoryKey?
}

/// Lower-cased, apostrophe-normalized, stemmed words of a note, as rules are keyed (so
/// `шаурму` and `шаурма` give the same stem).
public func categoryStems(of note: String) -> [String] {
    Tokenizer.tokens(Array(note.unicodeScalars)).compactMap { token in
        token.kind == .word && !token.text.hasPrefix("#") ? Stemmer.stem(token.text) : nil
    }
}
