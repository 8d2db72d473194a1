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

    public var leftMinor: Int64 { limitMinor - spentMinor }
    public var isOver: Bool { spentMinor > limitMinor }
    public var fraction: Double { limitMinor > 0 ? Double(spentMinor) / Double(limitMinor) : 0 }

    /// What can still be spent per day to stay within the limit; nil when nothing is left.
    public var dailyAllowanceMinor: Int64? {
        guard daysLeft > 0, leftMinor > 0 else { return nil }
        return leftMinor / Int64(daysLeft)
    }

    /// The highest alert threshold (80 or 100 percent) this budget has reached, if any.
    public var reachedThreshold: Int? {
        if spentMinor >= limitMinor { return 100 }
        if spentMinor * 100 >= limitMinor * 80 { return 80 }
        return nil
    }

    public init(budget: Budget, spentMinor: Int64, daysLeft: Int) {
        category = budget.category
        limitMinor = budget.limitMinor
        self.spentMinor = spentMinor
        self.daysLeft = daysLeft
    }
}
