import SQLite

extension Schema {
    /// An export's CSV as rows of one chunk each, joined when it is sent: appending to one
    /// blob (`csv = csv || ?`) rewrote all of it per chunk, quadratic in the export's size.
    /// `export_jobs.csv` keeps the header (and, for an export begun before, what it had).
    static let exportChunks = Migration(version: 12, name: "export chunks", sql: """
        CREATE TABLE export_chunks (
            id INTEGER PRIMARY KEY,
            job_id INTEGER NOT NULL REFERENCES export_jobs (id),
            csv BLOB NOT NULL
        );
        CREATE INDEX export_chunks_by_job ON export_chunks (job_id, id);
        """)
}
