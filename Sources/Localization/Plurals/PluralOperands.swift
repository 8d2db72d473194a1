/// The operands CLDR plural rules read from a number as shown: `i` the integer digits, `v` the
/// count of visible fraction digits, `f` those digits as an integer, `t` the same without
/// trailing zeros. The sign is ignored, as CLDR does.
public struct PluralOperands: Hashable, Sendable {
    public let i: UInt64
    public let v: Int
    public let f: UInt64
    public let t: UInt64

    public init(_ integer: Int) {
        self.init(DecimalNumber(integer))
    }

    /// `1,5` is `i = 1, v = 1, f = 5`; `1,0` is `i = 1, v = 1, f = 0` (and takes "other").
    public init(_ decimal: DecimalNumber) {
        i = decimal.integerMagnitude
        v = decimal.fractionDigits
        f = decimal.fractionMagnitude
        var t = f
        while t != 0 && t % 10 == 0 { t /= 10 }
        self.t = t
    }
}
