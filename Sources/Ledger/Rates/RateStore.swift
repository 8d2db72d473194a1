import FoundationEssentials
import KopiykaCore
import SQLite

/// The exchange rates households set with `/rate` (`ledger.rates`), and the rate each foreign
/// amount is valued at: the household's own, else the NBU's for the day.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions. Reads are seeks by key; setting a rate also
/// converts the household's entries in that currency that waited for one (one write each).
public struct RateStore {
    let db: Connection
    let clock: WallClock

    /// The household whose base a rate converts into; with `OfficialRateStore`, the stores this
    /// one calls.
    var families: FamilyStore { FamilyStore(db: db, clock: clock) }
}

extension RateStore {
    /// Sets how many base-currency units one unit of `currency` is worth (times 10⁶:
    /// 41.25 UAH per USD is 41_250_000). Entries in that currency that had no rate yet are
    /// converted now; those that had one keep the rate stored with them. Throws
    /// `MoneyOverflow`, keeping nothing, when a converted entry or a month total would not fit.
    public func set(_ currency: Currency, basePerUnitMicros: Int64, householdID: Int64) throws {
        try db.refusingOverflow {
            try db.execute("""
                INSERT INTO exchange_rates (household_id, currency, base_per_unit_micros) VALUES (?, ?, ?)
                ON CONFLICT DO UPDATE SET base_per_unit_micros = excluded.base_per_unit_micros
                """, householdID, currency.code, basePerUnitMicros)
            guard let base = try families.household(id: householdID)?.baseCurrency else { return }
            var pending: [(Int64, Int64)] = []
            try db.query("""
                SELECT id, amount_minor FROM entries
                WHERE household_id = ? AND currency = ? AND base_minor IS NULL
                """, householdID, currency.code) { pending.append(($0.int64(0), $0.int64(1))) }
            for (id, minor) in pending {
                let converted = try LedgerConversion.convert(Money(minorUnits: minor, currency: currency),
                                                             basePerUnitMicros: basePerUnitMicros, to: base)
                try db.execute("UPDATE entries SET base_minor = ? WHERE id = ?", converted, id)
            }
        }
    }

    /// The rates the household set itself: currency → base units per unit × 10⁶.
    public func own(householdID: Int64) throws -> [Currency: Int64] {
        var rates: [Currency: Int64] = [:]
        try db.query("SELECT currency, base_per_unit_micros FROM exchange_rates WHERE household_id = ?",
                     householdID) { row in
            let code = row.string(0)
            rates[Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)] = row.int64(1)
        }
        return rates
    }

    /// An amount in the base currency's minor units at the household's own rate, else at the
    /// NBU's for `date`; nil when neither is known. Throws `MoneyOverflow` when the conversion
    /// does not fit (a rate stored before rates were bounded).
    func baseMinor(_ amount: Money, householdID: Int64, base: Currency, on date: LocalDate) throws -> Int64? {
        if amount.currency == base { return amount.minorUnits }
        let own = try db.queryFirst(
            "SELECT base_per_unit_micros FROM exchange_rates WHERE household_id = ? AND currency = ?",
            householdID, amount.currency.code, transform: { $0.int64(0) })
        guard let micros = try own ?? OfficialRateStore(db: db, clock: clock)
            .quote(of: amount.currency, in: base, on: date)?.basePerUnitMicros
        else { return nil }
        return try LedgerConversion.convert(amount, basePerUnitMicros: micros, to: base)
    }
}

extension Ledger {
    /// The households' own exchange rates, and the rates their entries are valued at.
    public var rates: RateStore { RateStore(db: db, clock: clock) }
}
