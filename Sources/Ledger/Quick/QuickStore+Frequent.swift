import FoundationEssentials
import KopiykaCore
import SQLite

/// One of a household's frequent entries: those of its days with the same kind, note,
/// amount, category and privacy, named by the latest of them.
public struct FrequentEntry: Equatable, Sendable {
    /// The latest entry of the group: a button names it, never its words.
    public let entryID: Int64
    public let kind: EntryKind
    public let amount: Money
    public let category: CategoryKey
    public let note: String
    public let isPrivate: Bool
    /// How many entries of the days make it.
    public let uses: Int
}

extension QuickStore {
    /// A household's entries within `dates` that `viewer` may see, grouped by kind, note,
    /// amount (with its currency), category and privacy; groups of at least `minimumUses`
    /// entries, the most used first, then the most recent; at most `limit`. Entries without a
    /// note are no one's usual and are left out.
    ///
    /// Cost: one query. A range seek of `entries_by_household_date` on (household, date), one
    /// row read per entry within `dates` (a family's two months: a few hundred), grouped and
    /// then ordered in two temporary B-trees of those rows; no other table and no other
    /// household's rows are read, however long the history.
    public func frequent(householdID: Int64, dates: ClosedRange<LocalDate>, shownTo viewer: Viewer,
                         minimumUses: Int = 2, limit: Int) throws -> [FrequentEntry] {
        let visible = viewer.condition
        var result: [FrequentEntry] = []
        try db.query("""
            SELECT MAX(e.id), e.kind, e.amount_minor, e.currency, e.category, e.note, e.is_private, COUNT(*) AS uses
            FROM entries e INDEXED BY entries_by_household_date
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.note <> '' \(visible.sql)
            GROUP BY e.kind, e.note, e.amount_minor, e.currency, e.category, e.is_private
            HAVING COUNT(*) >= ?
            ORDER BY uses DESC, MAX(e.id) DESC
            LIMIT ?
            """, arguments: [householdID, dates.lowerBound.iso, dates.upperBound.iso] + visible.arguments + [minimumUses, limit]) { row in
            let code = row.string(3)
            result.append(FrequentEntry(
                entryID: row.int64(0), kind: EntryKind(rawValue: row.string(1)) ?? .expense,
                amount: Money(minorUnits: row.int64(2), currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)),
                category: CategoryKey(rawValue: row.string(4)), note: row.string(5), isPrivate: row.bool(6), uses: row.int(7)))
        }
        return result
    }

    /// The account `memberID` used most for entries with `note` within `dates` (the latest
    /// one on a tie), if any that is not archived. The same range seek as `frequent`, its rows
    /// narrowed to the member's, each joined to its account by primary key.
    public func usualAccount(memberID: Int64, householdID: Int64, note: String, dates: ClosedRange<LocalDate>) throws -> AccountKey? {
        try db.queryFirst("""
            SELECT a.key FROM entries e INDEXED BY entries_by_household_date JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.member_id = ? AND e.note = ? AND a.archived = 0
            GROUP BY a.key ORDER BY COUNT(*) DESC, MAX(e.id) DESC LIMIT 1
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso, memberID, note) { AccountKey(rawValue: $0.string(0)) }
    }
}
