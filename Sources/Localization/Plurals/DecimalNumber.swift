/// A decimal number exactly as it is shown: `units` scaled down by `fractionDigits`, so
/// `DecimalNumber(15, fractionDigits: 1)` is 1.5 and `DecimalNumber(210, fractionDigits: 1)`
/// is 21.0. The visible fraction digits matter: CLDR gives "21" and "21,0" different plural
/// forms, which a `Double` could not tell apart.
public struct DecimalNumber: Hashable, Sendable, CustomStringConvertible {
    public let units: Int64
    public let fractionDigits: Int

    public init(_ units: Int64, fractionDigits: Int) {
        precondition((0...18).contains(fractionDigits), "fractionDigits out of range")
        self.units = units
        self.fractionDigits = fractionDigits
    }

    public init(_ integer: Int) {
        self.init(Int64(integer), fractionDigits: 0)
    }

    /// Millionths (how rates are stored) as the shortest decimal that shows them:
    /// 41_500_000 is 41.5.
    public init(micros: Int64) {
        var units = micros, digits = 6
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        self.init(units, fractionDigits: digits)
    }

    /// Parses `"1.5"`, `"1,5"`, `"-21.0"`, `"7"`; `nil` for anything else.
    public init?(_ text: String) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let parts = rest.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let units = Int64(parts.joined())
        else { return nil }
        let digits = parts.count == 2 ? parts[1].count : 0
        guard digits <= 18 else { return nil }
        self.init(negative ? -units : units, fractionDigits: digits)
    }

    var isNegative: Bool { units < 0 }

    /// `10^fractionDigits`.
    var scale: UInt64 {
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        return scale
    }

    /// The absolute integer part.
    var integerMagnitude: UInt64 { units.magnitude / scale }
    /// The absolute fraction, as an integer of `fractionDigits` digits.
    var fractionMagnitude: UInt64 { units.magnitude % scale }

    /// Whether this is exactly the integer `value`, whatever fraction digits it shows
    /// (`1.0` is 1): how ICU's `=1` plural selector compares.
    func equals(integer value: Int64) -> Bool {
        fractionMagnitude == 0 && isNegative == (value < 0)
            && integerMagnitude == value.magnitude
    }

    /// A plain machine form with a dot: `-1.50`.
    public var description: String {
        let whole = String(integerMagnitude)
        let sign = isNegative ? "-" : ""
        guard fractionDigits > 0 else { return sign + whole }
        let fraction = String(fractionMagnitude)
        return sign + whole + "." + String(repeating: "0", count: fractionDigits - fraction.count)
            + fraction
    }
}
