import FoundationEssentials
import KopiykaCore
import SQLite

extension OfficialRateStore {
    /// The days to ask the NBU about, most recent first, at most `limit`: `today` until it is
    /// known, and the banking day each entry still without a base amount needs. Never a day
    /// after `today` (the NBU may not have set it yet) nor before `firstDay`. Reads the waiting
    /// entries through their own index (500 distinct day × currency pairs at most) and a few
    /// primary keys for each.
    public func missingDays(today: LocalDate, limit: Int) throws -> [LocalDate] {
        var days: [LocalDate] = []
        func want(_ lookup: Lookup) {
            if case .unknown(let day) = lookup, !days.contains(day), days.count < limit { days.append(day) }
        }
        want(try hryvnias(Currency.usd.code, on: today))
        var waiting: [(String, String, String)] = []
        try db.query("""
            SELECT DISTINCT e.local_date, e.currency, h.base_currency
            FROM entries e JOIN households h ON h.id = e.household_id
            WHERE e.base_minor IS NULL AND e.local_date BETWEEN ? AND ?
            ORDER BY e.local_date DESC LIMIT 500
            """, Self.firstDay.iso, today.iso) { waiting.append(($0.string(0), $0.string(1), $0.string(2))) }
        for (iso, currency, base) in waiting where days.count < limit {
            guard let date = LocalDate(iso: iso) else { continue }
            want(try hryvnias(currency, on: date))
            want(try hryvnias(base, on: date))
        }
        return days.sorted(by: >)
    }

    /// Gives each entry dated within `dates` that still has no base amount one, at the official
    /// rate of its date, unless its household keeps a `/rate` of its own for the currency (that
    /// one filled it already). An entry whose conversion or month total would pass `Int64`
    /// keeps waiting, alone. Returns how many were valued. Inside the caller's transaction.
    func valueWaitingEntries(dated dates: ClosedRange<LocalDate>) throws -> Int {
        var waiting: [(id: Int64, minor: Int64, currency: String, date: String, base: String)] = []
        try db.query("""
            SELECT e.id, e.amount_minor, e.currency, e.local_date, h.base_currency
            FROM entries e JOIN households h ON h.id = e.household_id
            WHERE e.base_minor IS NULL AND e.local_date BETWEEN ? AND ?
              AND NOT EXISTS (SELECT 1 FROM exchange_rates r WHERE r.household_id = e.household_id AND r.currency = e.currency)
            """, dates.lowerBound.iso, dates.upperBound.iso) {
            waiting.append(($0.int64(0), $0.int64(1), $0.string(2), $0.string(3), $0.string(4)))
        }
        var valued = 0
        for entry in waiting {
            let currency = Currency(code: entry.currency) ?? Currency(code: entry.currency, minorUnitDigits: 2)
            let base = Currency(code: entry.base) ?? Currency(code: entry.base, minorUnitDigits: 2)
            guard let date = LocalDate(iso: entry.date),
                  let quote = try quote(of: currency, in: base, on: date)
            else { continue }
            do {
                try db.refusingOverflow {
                    let converted = try LedgerConversion.convert(Money(minorUnits: entry.minor, currency: currency),
                                                                 basePerUnitMicros: quote.basePerUnitMicros, to: base)
                    try db.execute("UPDATE entries SET base_minor = ? WHERE id = ?", converted, entry.id)
                }
                valued += 1
            } catch is MoneyOverflow {
                continue
            }
        }
        return valued
    }
}
