import SQLite

extension Schema {
    /// The entries members pin under `/quick` (`/quick add кава 85`): one row each, the
    /// member's alone (they follow the member to another household, as their accounts do).
    /// `account` is the key the pin named, or NULL for the usual one at the tap. Read by
    /// member, a handful of rows; the household's frequent entries are read from `entries`.
    static let quickPins = Migration(version: 22, name: "quick entries pinned by members", sql: """
        CREATE TABLE quick_pins (
            id INTEGER PRIMARY KEY,
            member_id INTEGER NOT NULL REFERENCES members (id),
            kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
            amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            category TEXT NOT NULL REFERENCES categories (key),
            account TEXT,
            note TEXT NOT NULL,
            is_private INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        );
        CREATE INDEX quick_pins_by_member ON quick_pins (member_id, id);
        """)
}
