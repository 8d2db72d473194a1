import FoundationEssentials
import KopiykaCore
import SQLite

/// A monthly spending limit in the household's base currency: for one category, or for the
/// whole month when `category` is nil. It applies every month until changed.
public struct Budget: Equatable, Sendable {
    public var category: CategoryKey?
    public var limitMinor: Int64

    public init(category: CategoryKey?, limitMinor: Int64) {
        self.category = category
        self.limitMinor = limitMinor
    }
}

/// Households' budgets and the marks that let each budget alert go out once (`ledger.budgets`).
/// What a budget has used is read from the entries' month totals, not kept here.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions. Every method is one statement by primary key, or a
/// read of one household's few rows.
public struct BudgetStore {
    let db: Connection
}

extension BudgetStore {
    /// Sets a budget; a limit of 0 removes it.
    public func set(_ budget: Budget, householdID: Int64) throws {
        let key = budget.category?.rawValue ?? ""
        if budget.limitMinor <= 0 {
            try db.execute("DELETE FROM budgets WHERE household_id = ? AND category = ?", householdID, key)
        } else {
            try db.execute("""
                INSERT INTO budgets (household_id, category, limit_minor) VALUES (?, ?, ?)
                ON CONFLICT DO UPDATE SET limit_minor = excluded.limit_minor
                """, householdID, key, budget.limitMinor)
        }
    }

    /// The household's budgets: the total budget first, then categories in key order.
    public func list(householdID: Int64) throws -> [Budget] {
        var budgets: [Budget] = []
        try db.query("SELECT category, limit_minor FROM budgets WHERE household_id = ? ORDER BY category",
                     householdID) { row in
            let key = row.string(0)
            budgets.append(Budget(category: key.isEmpty ? nil : CategoryKey(rawValue: key),
                                  limitMinor: row.int64(1)))
        }
        return budgets
    }

    /// Marks a budget threshold (80, 100) as announced for a month to an audience: the
    /// family (`memberID` nil) or one member about their own view, private entries included.
    /// True only the first time, so an alert goes out once per threshold, month and audience
    /// whatever happens later: a member told of their private spending leaves the family's
    /// alert still to come.
    public func claimAlert(householdID: Int64, category: CategoryKey?, month: YearMonth,
                           threshold: Int, memberID: Int64? = nil) throws -> Bool {
        try db.execute("""
            INSERT INTO budget_alerts (household_id, category, month, threshold, audience) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """, householdID, category?.rawValue ?? "", month.iso, threshold, memberID ?? 0) == 1
    }
}

extension Ledger {
    /// Budgets and their alerts' once-only marks.
    public var budgets: BudgetStore { BudgetStore(db: db) }
}
