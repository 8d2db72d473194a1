import KopiykaCore

/// How far a hold's settled amount may be from the hold and still be the same purchase, when
/// no bank id says so (a hold from the feed, its settled row from a statement file; a purchase
/// typed at the settled amount while the bank still shows the hold).
///
/// Why 20 %: a card in another currency settles a few per cent off its hold (the rate moves
/// between the two), a restaurant's tip adds up to a fifth, and a fuel station or a hotel that
/// pre-authorises a round sum settles lower; past a fifth the guess is no longer safe, and the
/// member is asked instead (`/review`).
///
/// Pure, constant cost.
public enum SettleTolerance {
    public static let percent: UInt64 = 20

    /// Whether `settled` may be the settled amount of `hold`: the same currency and direction,
    /// and at most `percent` of the hold's amount apart.
    public static func accepts(hold: Money, settled: Money) -> Bool {
        guard hold.currency == settled.currency, hold.minorUnits != 0, (hold.minorUnits < 0) == (settled.minorUnits < 0) else { return false }
        let (a, b) = (hold.minorUnits.magnitude, settled.minorUnits.magnitude)
        let difference = a > b ? a - b : b - a
        let (scaled, overflow) = difference.multipliedReportingOverflow(by: 100)
        let (allowed, overflowAllowed) = a.multipliedReportingOverflow(by: percent)
        if overflow || overflowAllowed { return difference / percent <= a / 100 }
        return scaled <= allowed
    }
}
