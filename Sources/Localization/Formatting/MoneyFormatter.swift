import KopiykaCore

/// Money as CLDR writes it: `1 234,56 ₴` (uk, ru: symbol after a no-break space) and
/// `₴1,234.56` (en: symbol first). Works on minor units throughout, never a `Double`.
public struct MoneyFormatter: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        /// Always the currency's fraction digits: `85,00 ₴`. For statements and exports.
        case full
        /// No fraction when the amount is whole: `85 ₴`, but `85,50 ₴`. For chat replies.
        case compact
    }

    public let language: Language
    public let style: Style

    public init(_ language: Language, style: Style = .compact) {
        self.language = language
        self.style = style
    }

    public func string(_ money: Money) -> String {
        let number = DecimalNumber(money, style: style)
        let digits = NumberFormat(language).unsigned(number)
        let sign = number.isNegative ? "-" : ""
        let symbol = Self.symbol(of: money.currency)
        switch language {
        case .uk, .ru:
            return sign + digits + "\u{00A0}" + symbol
        case .en:
            // CLDR's currency spacing: a letter symbol (`CHF`) is kept apart from the digits.
            let spacing = symbol.last?.isLetter == true ? "\u{00A0}" : ""
            return sign + symbol + spacing + digits
        }
    }

    /// CLDR's narrow symbol of the currencies Kopiyka knows; otherwise the ISO code.
    public static func symbol(of currency: Currency) -> String {
        switch currency.code {
        case "UAH": "₴"
        case "USD": "$"
        case "EUR": "€"
        case "PLN": "zł"
        case "GBP": "£"
        default: currency.code
        }
    }
}
