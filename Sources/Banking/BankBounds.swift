import FoundationEssentials
import KopiykaCore

/// The bounds every bank row keeps before anything converts its time or adds its amount: the
/// ones a typed entry keeps. A statement file or the Monobank feed can hold anything (a row
/// dated 31.12.9999, `time` at Int64.max, an amount of Int64.max kopiykas); past these bounds
/// the zone rules, day arithmetic and month totals would trap or overflow, and one such row
/// would turn a family's month into «Завелика сума». Such a row is never a fact: the readers
/// report it as an unread row (`.outOfRange`), the feed skips and logs it.
///
/// Pure; O(1) a row.
public struct BankBounds: Equatable, Sendable {
    /// `EntryParser.maximumMajorUnits`: anything larger is a typo or a forgery, never a
    /// family's operation; a billion major units in kopiykas (10¹¹) summed over a million
    /// rows still fits an Int64 a thousand times over.
    public static let maximumMajorUnits: Int64 = 1_000_000_000

    /// `EntryParser.firstDate`: no typed entry is older, and no statement a family sends is.
    public static let firstDate = LocalDate(year: 2000, month: 1, day: 1)!  // A constant, valid date.

    /// Why 3 days ahead, where a typed entry may be a year ahead (a planned payment): a bank
    /// row is something that has happened. The slack covers a bank's clock ahead of ours and a
    /// day read in Kyiv by a household east of it; a row further ahead is not an operation.
    public static let daysAhead = 3

    /// The wall-clock days (the banks' Kyiv clock) a statement row may name.
    public let dates: ClosedRange<LocalDate>
    /// The Unix seconds a feed item may carry: from the first date's midnight anywhere on
    /// Earth to the end of the last date's.
    public let seconds: ClosedRange<Int64>

    /// Bounds for rows read at `now`, dated on `zone`'s clock.
    public init(now: Date, zone: ZoneRules) {
        let last = LocalDate(now, in: zone).adding(days: Self.daysAhead)
        dates = Self.firstDate...max(Self.firstDate, last)
        // A day on either side of the UTC midnights: no zone is more than 14 hours off.
        let first = Int64(Self.firstDate.daysSinceEpoch - 1) * 86_400
        seconds = first...max(first, Int64(last.daysSinceEpoch + 2) * 86_400)
    }

    /// Whether an instant lies within `seconds`. Total: NaN and infinities are outside.
    public func admits(_ time: Date) -> Bool {
        let t = time.timeIntervalSince1970
        return t >= Double(seconds.lowerBound) && t <= Double(seconds.upperBound)
    }

    /// Whether `money` is at most `maximumMajorUnits` either way. Total: Int64.min is outside.
    public func admits(_ money: Money) -> Bool {
        let (limit, overflow) = Self.maximumMajorUnits.multipliedReportingOverflow(by: money.currency.minorUnitsPerMajor)
        return overflow || money.minorUnits.magnitude <= limit.magnitude
    }

    /// `fact` with its optional figures (the operation's amount, balance, cashback, commission,
    /// MCC) dropped where they are out of bounds; nil when its time or amount is.
    public func checked(_ fact: BankFact) -> BankFact? {
        guard admits(fact.time), admits(fact.amount) else { return nil }
        var fact = fact
        let keep = { (money: Money?) in money.flatMap { self.admits($0) ? $0 : nil } }
        fact.operationAmount = keep(fact.operationAmount)
        fact.balanceAfter = keep(fact.balanceAfter)
        fact.cashback = keep(fact.cashback)
        fact.commission = keep(fact.commission)
        if let mcc = fact.mcc, !(0...9_999).contains(mcc) { fact.mcc = nil }
        return fact
    }
}
