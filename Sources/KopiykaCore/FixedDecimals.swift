extension Double {
    /// `3.14159.fixed(2)` is `"3.14"`, as `String(format: "%.2f")` writes it (except that a
    /// half rounds away from zero); that initializer lives in full Foundation, which the bot
    /// does not load. For figures shown to people (benchmarks, timings), never for money:
    /// money is `Money`, in integer minor units.
    public func fixed(_ digits: Int) -> String {
        guard isFinite else { return description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        guard scaled < 9e18 else { return description }
        let units = UInt64(scaled), whole = units / UInt64(scale), fraction = String(units % UInt64(scale))
        let sign = self < 0 && units > 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
