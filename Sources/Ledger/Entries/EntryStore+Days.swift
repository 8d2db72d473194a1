import KopiykaCore
import SQLite

extension EntryStore {
    /// A household's expenses `viewer` may see, in base minor units per day of `dates` (days
    /// without any are absent), in `category` alone when given: for a budget's chart. Reads
    /// those days' rows through the household-and-date index, so ask for a month at most.
    /// `MoneyOverflow` when a day's sum does not fit in `Int64`.
    public func dailyExpenses(householdID: Int64, dates: ClosedRange<LocalDate>, category: CategoryKey? = nil,
                              shownTo viewer: Viewer) throws -> [LocalDate: Int64] {
        let visible = viewer.condition
        var rows: [(String, Int64)] = []
        try db.query("""
            SELECT e.local_date, e.base_minor FROM entries e
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.kind = 'expense' AND e.base_minor IS NOT NULL
              AND (? IS NULL OR e.category = ?) \(visible.sql)
            """, arguments: [householdID, dates.lowerBound.iso, dates.upperBound.iso, category?.rawValue, category?.rawValue]
                + visible.arguments) { rows.append(($0.string(0), $0.int64(1))) }
        var days: [LocalDate: Int64] = [:]
        for (iso, minor) in rows {
            guard let day = LocalDate(iso: iso) else { continue }
            days[day] = try CheckedMinor.add(days[day] ?? 0, minor)
        }
        return days
    }
}
