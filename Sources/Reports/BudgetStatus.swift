import KopiykaCore
import Ledger

/// Where one budget stands on a given day: what `/budget` lists and what alerts watch.
public struct BudgetStatus: Equatable, Sendable {
    /// nil: the whole month's total.
    public var category: CategoryKey?
    public var limitMinor: Int64
    public var spentMinor: Int64
    /// Days left in the month, today included (0 for a past month).
    public var daysLeft: Int

    /// A limit is positive (the table checks it) and spending a sum of positive amounts, so the
    /// difference, and its negation, always fit in `Int64`.
    public var leftMinor: Int64 { limitMinor - spentMinor }
    public var isOver: Bool { spentMinor > limitMinor }
    public var fraction: Double { limitMinor > 0 ? Double(spentMinor) / Double(limitMinor) : 0 }

    /// What can still be spent per day to stay within the limit; nil when nothing is left.
    public var dailyAllowanceMinor: Int64? {
        guard daysLeft > 0, leftMinor > 0 else { return nil }
        return leftMinor / Int64(daysLeft)
    }

    /// The highest alert threshold (80 or 100 percent) this budget has reached, if any. The
    /// products are taken in 128 bits, where no `Int64` times 100 can overflow.
    public var reachedThreshold: Int? {
        if spentMinor >= limitMinor { return 100 }
        if Int128(spentMinor) * 100 >= Int128(limitMinor) * 80 { return 80 }
        return nil
    }

    /// Whole percent spent, rounded down; past `Int.max` (a near-zero limit) it says `Int.max`,
    /// which only an alert past 100 % could show, and that alert does not show a percentage.
    public var percentSpent: Int {
        guard limitMinor > 0 else { return 0 }
        return Int(clamping: Int128(spentMinor) * 100 / Int128(limitMinor))
    }

    public init(budget: Budget, spentMinor: Int64, daysLeft: Int) {
        category = budget.category
        limitMinor = budget.limitMinor
        self.spentMinor = spentMinor
        self.daysLeft = daysLeft
    }
}
