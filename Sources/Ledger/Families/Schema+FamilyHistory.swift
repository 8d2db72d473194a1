import SQLite

extension Schema {
    /// What privacy and leaving need. Private entries are few, so a partial index finds a
    /// month's of them without reading the month's other rows. A member who leaves keeps the
    /// entries they brought when they joined (the id range recorded here) and leaves the rest
    /// in the family's history, where `former_members` still names them.
    static let familyHistory = Migration(version: 10, name: "private entries index, former members", sql: """
        CREATE INDEX entries_private ON entries (household_id, local_date) WHERE is_private = 1;
        ALTER TABLE members ADD COLUMN brought_first_entry INTEGER;
        ALTER TABLE members ADD COLUMN brought_last_entry INTEGER;
        CREATE TABLE former_members (
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            PRIMARY KEY (household_id, member_id)
        ) WITHOUT ROWID;
        """)
}
