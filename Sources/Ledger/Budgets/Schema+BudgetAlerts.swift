import SQLite

extension Schema {
    /// A budget alert's once-per-threshold mark is kept per audience (`audience` 0: the family;
    /// else the member told of their own view, private entries in it): one mark for both let a
    /// member's private alert silence the family's. Marks made before are the family's.
    static let budgetAlertAudience = Migration(version: 50, name: "budget alerts by audience", sql: """
        CREATE TABLE budget_alerts_by_audience (
            household_id INTEGER NOT NULL,
            category TEXT NOT NULL,
            month TEXT NOT NULL,
            threshold INTEGER NOT NULL,
            audience INTEGER NOT NULL,
            PRIMARY KEY (household_id, category, month, threshold, audience)
        ) WITHOUT ROWID;
        INSERT INTO budget_alerts_by_audience SELECT household_id, category, month, threshold, 0 FROM budget_alerts;
        DROP TABLE budget_alerts;
        ALTER TABLE budget_alerts_by_audience RENAME TO budget_alerts;
        """)
}
