import SQLite

extension Schema {
    /// The National Bank of Ukraine's official rates, by the day they are in force. A day the
    /// NBU was asked about has a row in `official_rate_days` (`banking` 0: it set no rates, the
    /// last banking day's apply); a banking day has a row per currency the bot keeps, its
    /// `hryvnia_micros` NULL when the NBU set none for that currency. Shared by every household:
    /// the NBU's rate is the same for all. Entries still without a base amount are found by
    /// their own index, so filling them when a rate arrives reads only them.
    static let officialRates = Migration(version: 16, name: "official exchange rates", sql: """
        CREATE TABLE official_rate_days (
            date TEXT PRIMARY KEY CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            banking INTEGER NOT NULL CHECK (banking IN (0, 1)),
            fetched_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE official_rates (
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            date TEXT NOT NULL REFERENCES official_rate_days (date),
            -- hryvnias for one unit of `currency`, times 1 000 000, as `exchange_rates` keeps them.
            hryvnia_micros INTEGER CHECK (hryvnia_micros > 0),
            PRIMARY KEY (currency, date)
        ) WITHOUT ROWID;
        CREATE INDEX entries_without_rate ON entries (local_date, currency) WHERE base_minor IS NULL;
        """)
}
