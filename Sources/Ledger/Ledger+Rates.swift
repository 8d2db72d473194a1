import FoundationEssentials
import KopiykaCore
import SQLite

extension Ledger {
    /// Sets how many base-currency units one unit of `currency` is worth (times 10⁶:
    /// 41.25 UAH per USD is 41_250_000). Entries in that currency that had no rate yet are
    /// converted now; those that had one keep the rate stored with them.
    public func setRate(_ currency: Currency, basePerUnitMicros: Int64, householdID: Int64) throws {
        try transaction {
            try db.execute("""
                INSERT INTO exchange_rates (household_id, currency, base_per_unit_micros) VALUES (?, ?, ?)
                ON CONFLICT DO UPDATE SET base_per_unit_micros = excluded.base_per_unit_micros
                """, householdID, currency.code, basePerUnitMicros)
            guard let base = try household(id: householdID)?.baseCurrency else { return }
            var pending: [(Int64, Int64)] = []
            try db.query("""
                SELECT id, amount_minor FROM entries
                WHERE household_id = ? AND currency = ? AND base_minor IS NULL
                """, householdID, currency.code) { pending.append(($0.int64(0), $0.int64(1))) }
            for (id, minor) in pending {
                let converted = LedgerConversion.convert(Money(minorUnits: minor, currency: currency),
                                             basePerUnitMicros: basePerUnitMicros, to: base)
                try db.execute("UPDATE entries SET base_minor = ? WHERE id = ?", converted, id)
            }
        }
    }

    /// The household's rates: currency → base units per unit × 10⁶.
    public func rates(householdID: Int64) throws -> [Currency: Int64] {
        var rates: [Currency: Int64] = [:]
        try db.query("SELECT currency, base_per_unit_micros FROM exchange_rates WHERE household_id = ?",
                     householdID) { row in
            let code = row.string(0)
            rates[Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)] = row.int64(1)
        }
        return rates
    }

    /// An amount in the base currency's minor units, or nil when no rate is known.
    func baseMinor(_ amount: Money, householdID: Int64, base: Currency) throws -> Int64? {
        if amount.currency == base { return amount.minorUnits }
        guard let micros = try db.queryFirst(
            "SELECT base_per_unit_micros FROM exchange_rates WHERE household_id = ? AND currency = ?",
            householdID, amount.currency.code, transform: { $0.int64(0) })
        else { return nil }
        return LedgerConversion.convert(amount, basePerUnitMicros: micros, to: base)
    }

}

/// Money in another currency expressed in the base currency at a stored rate.
public enum LedgerConversion {
    /// Converts exactly, rounding half away from zero once at the end; the product is taken at
    /// double width so a billion-hryvnia entry at any rate cannot overflow.
    public static func convert(_ amount: Money, basePerUnitMicros: Int64, to base: Currency) -> Int64 {
        let numeratorScale = base.minorUnitsPerMajor
        let denominator = amount.currency.minorUnitsPerMajor * 1_000_000
        let product = amount.minorUnits.magnitude.multipliedFullWidth(by: basePerUnitMicros.magnitude)
        // × numeratorScale (≤ 10⁴ for real currencies) stays within the high word's headroom.
        let scaledLow = product.low.multipliedFullWidth(by: numeratorScale.magnitude)
        let high = product.high * numeratorScale.magnitude + scaledLow.high
        let (quotient, remainder) = UInt64(denominator).dividingFullWidth((high, scaledLow.low))
        let rounded = quotient + (remainder * 2 >= UInt64(denominator) ? 1 : 0)
        return amount.minorUnits < 0 ? -Int64(rounded) : Int64(rounded)
    }
}
