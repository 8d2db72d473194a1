/// Numbers as CLDR writes them for a language: `12 345,5` in uk and ru (a no-break space
/// groups every three digits, from four digits on), `12,345.5` in en.
public struct NumberFormat: Sendable, Hashable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// U+00A0 in uk and ru, so a number never breaks across lines in a chat bubble.
    public var groupingSeparator: String {
        switch language {
        case .uk, .ru: "\u{00A0}"
        case .en: ","
        }
    }

    public var decimalSeparator: String {
        switch language {
        case .uk, .ru: ","
        case .en: "."
        }
    }

    public func string(_ value: Int) -> String {
        string(DecimalNumber(value))
    }

    /// Shows exactly the number's visible fraction digits: `1,50` stays `1,50`.
    public func string(_ value: DecimalNumber) -> String {
        (value.isNegative ? "-" : "") + unsigned(value)
    }

    /// The digits without a sign, for formats that place the sign themselves.
    func unsigned(_ value: DecimalNumber) -> String {
        let whole = grouped(value.integerMagnitude)
        guard value.fractionDigits > 0 else { return whole }
        let fraction = String(value.fractionMagnitude)
        return whole + decimalSeparator
            + String(repeating: "0", count: value.fractionDigits - fraction.count) + fraction
    }

    private func grouped(_ magnitude: UInt64) -> String {
        let digits = Array(String(magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += groupingSeparator }
            result.append(digit)
        }
        return result
    }
}
