import KopiykaCore

/// Money in another currency expressed in the base currency at a stored rate.
public enum LedgerConversion {
    /// Converts exactly, rounding half away from zero once at the end. The product is taken in
    /// 128 bits; a result beyond `Int64` (only a rate or an amount far past their bounds gets
    /// there) throws rather than wraps or traps.
    public static func convert(_ amount: Money, basePerUnitMicros: Int64, to base: Currency) throws(MoneyOverflow) -> Int64 {
        let product = UInt128(amount.minorUnits.magnitude) * UInt128(basePerUnitMicros.magnitude)
        let (numerator, overflow) = product.multipliedReportingOverflow(by: UInt128(base.minorUnitsPerMajor.magnitude))
        let denominator = UInt128(amount.currency.minorUnitsPerMajor.magnitude) * 1_000_000
        guard !overflow else { throw MoneyOverflow() }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let rounded = Int128(quotient + (remainder * 2 >= denominator ? 1 : 0))
        let negative = (amount.minorUnits < 0) != (basePerUnitMicros < 0)
        return try CheckedMinor.narrow(negative ? -rounded : rounded)
    }
}

/// The rates `/rate` accepts for a pair: a reference value and a factor either way. Bounding
/// the rate bounds every converted entry: a billion pounds at the highest sterling rate is
/// 5.5 × 10¹⁴ kopiykas, so no single conversion comes near `Int64`.
public struct RateRange: Equatable, Sendable {
    /// Base units per unit of the currency, × 10⁶, as everywhere else.
    public let typicalMicros: Int64
    public let lowestMicros: Int64
    public let highestMicros: Int64

    public func contains(_ micros: Int64) -> Bool { (lowestMicros...highestMicros).contains(micros) }
}

extension LedgerConversion {
    /// Hryvnias per unit × 10⁶, the NBU's rates of late 2026, rounded: only the middle of the
    /// accepted range, never used to convert anything.
    static let hryvniasPerUnitMicros: [String: Int64] = [
        "UAH": 1_000_000, "USD": 41_500_000, "EUR": 48_000_000, "PLN": 11_300_000, "GBP": 55_000_000,
    ]

    /// Why 100 either way: the hryvnia went from 5 to 42 a dollar in eighteen years, so a real
    /// rate stays inside for decades, while a slip of two digits or more (`/rate usd 4150`,
    /// `/rate usd 999999`) falls outside.
    public static let plausibleFactor: Int64 = 100

    /// What a plausible rate of `currency` in `base` looks like. A currency without a reference
    /// gets 0.000001…1,000,000, what `/rate` could always read.
    public static func plausibleRange(of currency: Currency, in base: Currency) -> RateRange {
        guard let unit = hryvniasPerUnitMicros[currency.code], let baseUnit = hryvniasPerUnitMicros[base.code] else {
            return RateRange(typicalMicros: 1_000_000, lowestMicros: 1, highestMicros: 999_999_999_999)
        }
        // Both references are below 10⁹, so `unit × 10⁶` and `typical × factor` stay far below Int64.max.
        let typical = (unit * 1_000_000 + baseUnit / 2) / baseUnit
        return RateRange(typicalMicros: typical, lowestMicros: max(1, typical / plausibleFactor),
                         highestMicros: typical * plausibleFactor)
    }
}
