import SQLite

extension Schema {
    /// What a savings account is worth, as its member says it (`депозит 52 000`): one row per
    /// account per day in the household's time zone, the day's last word winning. A day
    /// without a row carries the previous one forward, read by one seek (see
    /// `AccountStore.value(of:on:)`), so nothing is written for quiet days and nothing scans
    /// the history. `archived_on` keeps a closed account in the days it was open.
    static let savings = Migration(version: 17, name: "savings values by day", sql: """
        CREATE TABLE savings_values (
            account_id INTEGER NOT NULL REFERENCES accounts (id),
            local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            value_minor INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            -- The last entry and transfer ids when it was said: money moved later the same
            -- day adds to it, money moved earlier is in it.
            entries_seen INTEGER NOT NULL,
            transfers_seen INTEGER NOT NULL,
            PRIMARY KEY (account_id, local_date)
        ) WITHOUT ROWID;
        ALTER TABLE accounts ADD COLUMN archived_on TEXT;
        """)
}
