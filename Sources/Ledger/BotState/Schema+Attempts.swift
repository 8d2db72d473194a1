import SQLite

extension Schema {
    /// Attempts at updates and scheduled jobs, counted before the work starts (`AttemptRule`).
    /// A row lives only while its work is unfinished: the work's own transaction deletes it.
    static let attempts = Migration(version: 7, name: "attempts at updates and jobs", sql: """
        CREATE TABLE attempts (
            -- 'update', or a job: 'digest', 'monthly', 'export'.
            kind TEXT NOT NULL,
            -- The update id, or the household or export the job is for.
            subject INTEGER NOT NULL,
            -- A job's day or month; '' when the subject alone names the work.
            period TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0),
            last_at TEXT NOT NULL,
            PRIMARY KEY (kind, subject, period)
        ) WITHOUT ROWID;
        """)
}
