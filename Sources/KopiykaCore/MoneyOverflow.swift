/// A sum, product or quotient of money that does not fit in `Int64` minor units (about
/// 92 quadrillion hryvnias). Only hostile or mistyped input gets there; whoever catches it
/// answers "too large" in place of the figure, never a wrapped value and never a trap.
public struct MoneyOverflow: Error, Equatable, Sendable {
    public init() {}
}

/// Checked arithmetic on minor units. Intermediate results are taken in `Int128`, which no
/// product of two `Int64` and no sum of fewer than 2⁶⁴ of them can overflow, so only the
/// final narrowing to `Int64` can fail, and it fails loudly.
public enum CheckedMinor {
    /// `value` as `Int64`, or `MoneyOverflow`.
    public static func narrow(_ value: Int128) throws(MoneyOverflow) -> Int64 {
        guard let narrowed = Int64(exactly: value) else { throw MoneyOverflow() }
        return narrowed
    }

    public static func add(_ lhs: Int64, _ rhs: Int64) throws(MoneyOverflow) -> Int64 {
        try narrow(Int128(lhs) + Int128(rhs))
    }

    public static func subtract(_ lhs: Int64, _ rhs: Int64) throws(MoneyOverflow) -> Int64 {
        try narrow(Int128(lhs) - Int128(rhs))
    }

    /// `value × numerator / denominator`, truncated toward zero, with the product taken at
    /// full width: `spent × days in month / days so far` for a forecast.
    public static func scale(_ value: Int64, by numerator: Int64, dividedBy denominator: Int64) throws(MoneyOverflow) -> Int64 {
        guard denominator != 0 else { throw MoneyOverflow() }
        return try narrow(Int128(value) * Int128(numerator) / Int128(denominator))
    }

    /// `value` rounded half away from zero to a multiple of `step` (`step` > 0).
    public static func rounded(_ value: Int64, toMultipleOf step: Int64) throws(MoneyOverflow) -> Int64 {
        guard step > 0 else { throw MoneyOverflow() }
        let wide = Int128(value), half = Int128(step) / 2
        let units = (wide.magnitude + UInt128(half)) / UInt128(step)
        let magnitude = Int128(units) * Int128(step)
        return try narrow(wide < 0 ? -magnitude : magnitude)
    }
}

extension Sequence where Element == Int64 {
    /// The exact sum, or `MoneyOverflow` when it leaves `Int64`. Accumulated in `Int128`, so
    /// the order of the terms never matters.
    public func checkedSum() throws(MoneyOverflow) -> Int64 {
        var sum: Int128 = 0
        for value in self { sum += Int128(value) }
        return try CheckedMinor.narrow(sum)
    }
}

extension Money {
    /// `self + other` in the same currency, or `MoneyOverflow`. Adding another currency is a
    /// programming error, as with `+`.
    public func adding(_ other: Money) throws(MoneyOverflow) -> Money {
        precondition(currency == other.currency, "adding \(other.currency) to \(currency)")
        return Money(minorUnits: try CheckedMinor.add(minorUnits, other.minorUnits), currency: currency)
    }
}
