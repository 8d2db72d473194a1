import SQLite

extension Schema {
    /// Month totals kept by triggers, so every insert, edit and delete updates them in its own
    /// transaction and a report reads tens of rows instead of a household's history. One row
    /// per household × month × kind × category × member × currency; `base_minor` sums the
    /// entries converted to the household's base currency, `unconverted` counts those that had
    /// no rate (a report says so rather than invent one).
    static let aggregates = Migration(version: 3, name: "month totals, budgets, alerts, rates", sql: """
        ALTER TABLE entries ADD COLUMN base_minor INTEGER;
        UPDATE entries SET base_minor = amount_minor
            WHERE currency = (SELECT base_currency FROM households h WHERE h.id = entries.household_id);

        CREATE TABLE month_totals (
            household_id INTEGER NOT NULL,
            month TEXT NOT NULL,
            kind TEXT NOT NULL,
            category TEXT NOT NULL,
            member_id INTEGER NOT NULL,
            currency TEXT NOT NULL,
            amount_minor INTEGER NOT NULL,
            base_minor INTEGER NOT NULL,
            unconverted INTEGER NOT NULL,
            entry_count INTEGER NOT NULL,
            PRIMARY KEY (household_id, month, kind, category, member_id, currency)
        ) WITHOUT ROWID;

        CREATE TRIGGER month_totals_insert AFTER INSERT ON entries BEGIN
            \(add("NEW"))
        END;
        CREATE TRIGGER month_totals_delete AFTER DELETE ON entries BEGIN
            \(subtract("OLD"))
        END;
        CREATE TRIGGER month_totals_update AFTER UPDATE OF
            household_id, member_id, kind, amount_minor, currency, category, local_date, base_minor
            ON entries BEGIN
            \(subtract("OLD"))
            \(add("NEW"))
        END;

        INSERT INTO month_totals
            SELECT household_id, substr(local_date, 1, 7), kind, category, member_id, currency,
                   SUM(amount_minor), SUM(COALESCE(base_minor, 0)), SUM(base_minor IS NULL), COUNT(*)
            FROM entries GROUP BY 1, 2, 3, 4, 5, 6;

        CREATE TABLE budgets (
            household_id INTEGER NOT NULL REFERENCES households (id),
            category TEXT NOT NULL,  -- '' is the whole month's total
            limit_minor INTEGER NOT NULL CHECK (limit_minor > 0),
            PRIMARY KEY (household_id, category)
        ) WITHOUT ROWID;
        CREATE TABLE budget_alerts (
            household_id INTEGER NOT NULL,
            category TEXT NOT NULL,
            month TEXT NOT NULL,
            threshold INTEGER NOT NULL,
            PRIMARY KEY (household_id, category, month, threshold)
        ) WITHOUT ROWID;
        CREATE TABLE exchange_rates (
            household_id INTEGER NOT NULL REFERENCES households (id),
            currency TEXT NOT NULL,
            -- base-currency units for one unit of `currency`, times 1 000 000.
            base_per_unit_micros INTEGER NOT NULL CHECK (base_per_unit_micros > 0),
            PRIMARY KEY (household_id, currency)
        ) WITHOUT ROWID;
        """)

    private static func key(_ row: String) -> String {
        "\(row).household_id, substr(\(row).local_date, 1, 7), \(row).kind, \(row).category, \(row).member_id, \(row).currency"
    }

    private static func add(_ row: String) -> String {
        """
        INSERT INTO month_totals VALUES (\(key(row)), \(row).amount_minor,
            COALESCE(\(row).base_minor, 0), \(row).base_minor IS NULL, 1)
        ON CONFLICT DO UPDATE SET amount_minor = amount_minor + excluded.amount_minor,
            base_minor = base_minor + excluded.base_minor, unconverted = unconverted + excluded.unconverted,
            entry_count = entry_count + 1;
        """
    }

    private static func subtract(_ row: String) -> String {
        let match = """
            household_id = \(row).household_id AND month = substr(\(row).local_date, 1, 7)
            AND kind = \(row).kind AND category = \(row).category AND member_id = \(row).member_id
            AND currency = \(row).currency
            """
        return """
            UPDATE month_totals SET amount_minor = amount_minor - \(row).amount_minor,
                base_minor = base_minor - COALESCE(\(row).base_minor, 0),
                unconverted = unconverted - (\(row).base_minor IS NULL), entry_count = entry_count - 1
            WHERE \(match);
            DELETE FROM month_totals WHERE entry_count = 0 AND \(match);
            """
    }
}
