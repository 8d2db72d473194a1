/// An exact decimal: `85,50` is 8550 at scale 2. Amounts are never `Double`.
struct DecimalValue: Equatable, Sendable {
    var digits: Int64
    var scale: Int

    static let maxDigits = 17

    /// The value as a whole number (`2`, `2,00`), or nil when it has a fraction or is negative.
    var whole: Int64? {
        var value = digits
        for _ in 0..<max(scale, 0) {
            guard value % 10 == 0 else { return nil }
            value /= 10
        }
        return value >= 0 ? value : nil
    }

    func multiplied(by factor: Int64) -> DecimalValue? {
        let (product, overflow) = digits.multipliedReportingOverflow(by: factor)
        return overflow ? nil : DecimalValue(digits: product, scale: scale)
    }

    /// Minor units at `minorDigits`, rounding half up past them (once, by the first digit
    /// dropped: `0,0449` is `0,04`); nil on overflow.
    func minorUnits(minorDigits: Int) -> Int64? {
        var value = digits
        var scale = scale
        while scale < minorDigits {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = next
            scale += 1
        }
        var dropped: Int64 = 0
        while scale > minorDigits {
            dropped = value % 10
            value /= 10
            scale -= 1
        }
        // `value` lost at least one digit when `dropped` is set, so adding 1 cannot overflow.
        return dropped >= 5 ? value + 1 : value
    }

    /// Whether it is below the whole number `limit`; no overflow (a bound past `Int64` is above any value).
    func isLess(than limit: Int64) -> Bool {
        var bound = limit
        for _ in 0..<max(scale, 0) {
            let (next, overflow) = bound.multipliedReportingOverflow(by: 10)
            if overflow { return true }
            bound = next
        }
        return digits < bound
    }

    static func + (a: DecimalValue, b: DecimalValue) -> DecimalValue? {
        let scale = max(a.scale, b.scale)
        guard let x = a.rescaled(to: scale), let y = b.rescaled(to: scale) else { return nil }
        let (sum, overflow) = x.addingReportingOverflow(y)
        return overflow ? nil : DecimalValue(digits: sum, scale: scale)
    }

    private func rescaled(to target: Int) -> Int64? {
        var value = digits
        for _ in scale..<max(scale, target) {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = next
        }
        return value
    }
}
