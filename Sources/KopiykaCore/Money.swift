/// An exact amount of one currency, counted in its minor units (kopiykas, cents).
///
/// Money is never a `Double`: `0.1 + 0.2` must stay `0.30`. Sums of different currencies are
/// a programming error, so `+` traps on them rather than inventing a rate. `+` and
/// `init(major:)` also trap on overflow: they are for literals and tests; sums of stored or
/// typed money use `adding(_:)` and `CheckedMinor`, which throw `MoneyOverflow` instead.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Money from whole major units: `Money(major: 85, currency: .uah)` is 85.00 ₴.
    public init(major: Int64, currency: Currency) {
        self.init(minorUnits: major * currency.minorUnitsPerMajor, currency: currency)
    }

    /// Parses a plain decimal string with a dot, as the `parse` contract and CSV write it:
    /// `"85"`, `"85.5"`, `"-1234.56"`. More fraction digits than the currency has is `nil`
    /// rather than a silent rounding.
    public init?(decimal text: String, currency: Currency) {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].count <= currency.minorUnitDigits),
              let whole = Int64(parts[0])
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let padded = parts[1] + String(repeating: "0", count: currency.minorUnitDigits - parts[1].count)
            fraction = Int64(padded) ?? 0
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: currency.minorUnitsPerMajor)
        let (value, carry) = scaled.addingReportingOverflow(fraction)
        guard !overflow, !carry else { return nil }
        // `value` is non-negative and at most Int64.max, so its negation fits.
        self.init(minorUnits: negative ? -value : value, currency: currency)
    }

    /// Whole major units, truncated toward zero.
    public var majorPart: Int64 { minorUnits / currency.minorUnitsPerMajor }
    /// The minor units past the whole part, always non-negative.
    public var minorPart: Int64 { abs(minorUnits % currency.minorUnitsPerMajor) }
    public var isWhole: Bool { minorPart == 0 }

    /// `"85.00"`: a dot and exactly the currency's fraction digits. The machine form used by
    /// `kopiyka parse` and the CSV export; people see `MoneyFormatter`'s output instead.
    public var decimalString: String {
        let sign = minorUnits < 0 ? "-" : ""
        let whole = String(abs(majorPart))
        guard currency.minorUnitDigits > 0 else { return sign + whole }
        let fraction = String(minorPart)
        let padding = String(repeating: "0", count: currency.minorUnitDigits - fraction.count)
        return sign + whole + "." + padding + fraction
    }

    public var description: String { "\(decimalString) \(currency.code)" }

    public static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "adding \(lhs.currency) to \(rhs.currency)")
        return Money(minorUnits: lhs.minorUnits + rhs.minorUnits, currency: lhs.currency)
    }

    public static prefix func - (money: Money) -> Money {
        Money(minorUnits: -money.minorUnits, currency: money.currency)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
