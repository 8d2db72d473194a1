import SQLite

extension Schema {
    /// SQLite's `+` does not fail on overflow: past `Int64` it quietly turns the month total
    /// into a REAL, which loses kopiykas and which `sqlite3_column_int64` clamps to a wrong
    /// figure. This guard refuses such a write instead, so the entry, edit or rate that would
    /// push a total past 9.2 × 10¹⁸ minor units is refused (as `MoneyOverflow`, through
    /// `Ledger.refusingOverflow`) and every stored total stays exact.
    ///
    /// Only UPDATE needs it: an INSERT copies one entry's integers, the rebuild's `SUM()` raises
    /// on overflow by itself, and the subtracting half of the triggers cannot overflow, as
    /// every amount is positive.
    static let totalsGuard = Migration(version: 6, name: "month totals stay integers", sql: """
        CREATE TRIGGER month_totals_stay_integers BEFORE UPDATE ON month_totals
        WHEN typeof(NEW.amount_minor) <> 'integer' OR typeof(NEW.base_minor) <> 'integer'
        BEGIN
            SELECT RAISE(ABORT, '\(totalOverflowMessage)');
        END;
        """)

    /// The guard's error message, as `sqlite3_errmsg` reports it.
    static let totalOverflowMessage = "month total out of range"
}
