import KopiykaCore

/// A value for a `{name}` in a message. Numbers stay numbers until the message's language
/// formats them, so `{count, plural, …}` can pick its form and `#` can print `1,5`.
public enum MessageArgument: Sendable, Hashable {
    /// Inserted verbatim: escaping for Telegram HTML is the sender's job.
    case text(String)
    case number(Int)
    /// A decimal with its visible fraction digits: `1,5` (other) is not `1` (one).
    case decimal(DecimalNumber)
    /// Shown by `MoneyFormatter` in its `.compact` style; counts as its shown number in plurals.
    case money(Money)
}

extension MessageArgument: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
}

extension MessageArgument {
    /// The number this argument shows, for plural selection; `nil` for text.
    var shownNumber: DecimalNumber? {
        switch self {
        case .text: nil
        case .number(let n): DecimalNumber(n)
        case .decimal(let d): d
        case .money(let m): DecimalNumber(m, style: .compact)
        }
    }

    /// How a plain `{name}` shows this argument.
    func rendered(_ language: Language) -> String {
        switch self {
        case .text(let s): s
        case .number(let n): NumberFormat(language).string(n)
        case .decimal(let d): NumberFormat(language).string(d)
        case .money(let m): MoneyFormatter(language, style: .compact).string(m)
        }
    }

    /// How `#` shows this argument inside a plural: the number alone, without a currency.
    func renderedAsCount(_ language: Language) -> String {
        guard let number = shownNumber else { return rendered(language) }
        return NumberFormat(language).string(number)
    }
}
