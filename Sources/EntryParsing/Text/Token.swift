/// One piece of a message: a word, a number, a currency symbol, a sign or a separator, with
/// where it sits in the message so the note can be cut from the original text.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// Letters, lower-cased, apostrophes dropped (`пʼять` → `пять`); a hashtag keeps its `#`.
        case word
        /// Digits with the separators between them (`1 234,56`, `12.11.2026`, `1e999`).
        case number
        case currencySymbol
        case plus
        /// A new line or `;`: always a new entry.
        case lineBreak
        /// A comma outside a number: a new entry when both sides carry an amount.
        case comma
        /// `*`, `×`, `/`, `÷`: arithmetic in an amount (`2*45`).
        case operation
    }

    var kind: Kind
    var text: String
    /// Scalar offsets in the message.
    var start: Int
    var end: Int
    /// Touches the previous token with no space between them (`85грн`, `₴85`, `1.5к`).
    var glued: Bool
    /// Digits that belong to the word before them, glued or after a hyphen (`United24`, `А-95`):
    /// a name, not a price, whenever the entry has another number.
    var named = false
    /// A word of three letters or fewer written in capitals (`RSD`, `ATB`): a code, not prose.
    var capitals = false
    /// What a number token means by its shape, read once here rather than by every stage.
    var shape: NumberShape? = nil
}
