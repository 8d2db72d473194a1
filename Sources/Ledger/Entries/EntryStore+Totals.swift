import FoundationEssentials
import KopiykaCore
import SQLite

/// One row of the month totals: a household's entries of one kind, category, member and
/// currency in one month.
public struct MonthTotal: Equatable, Sendable {
    public var month: YearMonth
    public var kind: EntryKind
    public var category: CategoryKey
    public var memberID: Int64
    public var amount: Money
    /// The sum in the household's base currency of the entries that had a rate.
    public var baseMinor: Int64
    /// Entries with no rate to the base currency (counted in `amount`, not in `baseMinor`).
    public var unconverted: Int
    public var entryCount: Int
}

extension EntryStore {
    /// The month totals of `months`: tens of rows, whatever the size of the history. Throws
    /// `MoneyOverflow` for a total that is not an exact integer: one that overflowed into a
    /// REAL before schema 6 guarded them, which `sqlite3_column_int64` would clamp to a wrong figure.
    public func monthTotals(householdID: Int64, months: ClosedRange<YearMonth>) throws -> [MonthTotal] {
        var totals: [MonthTotal] = []
        var exact = true
        try db.query("""
            SELECT month, kind, category, member_id, currency, amount_minor, base_minor, unconverted, entry_count,
                   typeof(amount_minor) = 'integer' AND typeof(base_minor) = 'integer'
            FROM month_totals WHERE household_id = ? AND month BETWEEN ? AND ?
            """, householdID, months.lowerBound.iso, months.upperBound.iso) { row in
            exact = exact && row.bool(9)
            let code = row.string(4)
            totals.append(MonthTotal(
                month: YearMonth(iso: row.string(0)) ?? months.lowerBound,
                kind: EntryKind(rawValue: row.string(1)) ?? .expense,
                category: CategoryKey(rawValue: row.string(2)), memberID: row.int64(3),
                amount: Money(minorUnits: row.int64(5),
                              currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)),
                baseMinor: row.int64(6), unconverted: row.int(7), entryCount: row.int(8)))
        }
        guard exact else { throw MoneyOverflow() }
        return totals
    }

    /// The household's categories of one kind, most used first over the months given: their
    /// month-totals rows, tens a month.
    public func categoriesByUse(householdID: Int64, kind: EntryKind, months: ClosedRange<YearMonth>) throws -> [CategoryKey] {
        var keys: [CategoryKey] = []
        try db.query("""
            SELECT category FROM month_totals WHERE household_id = ? AND kind = ? AND month BETWEEN ? AND ?
            GROUP BY category ORDER BY SUM(entry_count) DESC, category
            """, householdID, kind.rawValue, months.lowerBound.iso, months.upperBound.iso) {
            keys.append(CategoryKey(rawValue: $0.string(0)))
        }
        return keys
    }

    /// The largest expenses of a month by their base amount that `viewer` may see: the month's
    /// rows through the (household, date) index, sorted (a month is tens of rows).
    public func largestExpenses(householdID: Int64, month: YearMonth, limit: Int, shownTo viewer: Viewer) throws -> [Entry] {
        var result: [Entry] = []
        let visible = viewer.condition
        try db.query("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.kind = 'expense' \(visible.sql)
            ORDER BY e.base_minor DESC, e.id LIMIT ?
            """, arguments: [householdID, month.firstDay.iso, month.lastDay.iso] + visible.arguments + [limit]) {
            result.append(Self.entry($0))
        }
        return result
    }

    /// The base amounts of the largest expenses dated within `dates` not recorded by a
    /// recurring payment, largest first, at most `limit`: the candidates for one-off purchases
    /// a forecast counts as they are instead of pacing them (see `Forecast.oneOffs`). Reads
    /// those days' rows through the (household, date) index, and an occurrence seek for each.
    public func largestOwnExpenses(householdID: Int64, dates: ClosedRange<LocalDate>, limit: Int) throws -> [Int64] {
        var result: [Int64] = []
        try db.query("""
            SELECT e.base_minor FROM entries e
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.kind = 'expense' AND e.base_minor > 0
              AND NOT EXISTS (SELECT 1 FROM recurring_occurrences r WHERE r.entry_id = e.id)
            ORDER BY e.base_minor DESC LIMIT ?
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso, limit) { result.append($0.int64(0)) }
        return result
    }

    /// Recomputes every month total from the entries.
    ///
    /// `SUM()` raises "integer overflow" past `Int64` rather than wrapping, and cannot get there:
    /// each group here is exactly one month-totals row, every amount in it is positive, and the
    /// guard of schema 6 kept that row within `Int64` as each entry arrived.
    public func rebuildMonthTotals() throws {
        try db.transaction {
            try db.executeScript("""
                DELETE FROM month_totals;
                INSERT INTO month_totals
                    SELECT household_id, substr(local_date, 1, 7), kind, category, member_id, currency,
                           SUM(amount_minor), SUM(COALESCE(base_minor, 0)), SUM(base_minor IS NULL), COUNT(*)
                    FROM entries GROUP BY 1, 2, 3, 4, 5, 6;
                """)
        }
    }

    /// Rows where the stored totals and a fresh sum over the entries disagree (0 when exact).
    public func monthTotalsMismatches() throws -> Int {
        try Self.monthTotalsMismatches(db)
    }

    /// `monthTotalsMismatches()` on any connection to a ledger's file: a backup's, read-only.
    static func monthTotalsMismatches(_ db: Connection) throws -> Int {
        try db.queryFirst("""
            WITH fresh AS (
                SELECT household_id, substr(local_date, 1, 7) AS month, kind, category, member_id, currency,
                       SUM(amount_minor) AS amount_minor, SUM(COALESCE(base_minor, 0)) AS base_minor,
                       SUM(base_minor IS NULL) AS unconverted, COUNT(*) AS entry_count
                FROM entries GROUP BY 1, 2, 3, 4, 5, 6
            )
            SELECT (SELECT COUNT(*) FROM (SELECT * FROM fresh EXCEPT SELECT * FROM month_totals))
                 + (SELECT COUNT(*) FROM (SELECT * FROM month_totals EXCEPT SELECT * FROM fresh))
            """) { $0.int(0) } ?? 0
    }
}
