/// One step of the schema's history. Versions only grow; a shipped migration is never edited.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

/// Applies migrations in order, each in its own transaction, recording them in
/// `schema_migrations` (as GRDB does) so a partly migrated file resumes where it stopped.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        precondition(zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
                     "migration versions must increase")
        self.migrations = migrations
    }

    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database up to date: applies, in order, every migration it has not recorded.
    /// A database from a newer Kopiyka is refused rather than
    /// half-understood: running old code on a new schema could lose data.
    public func migrate(_ connection: Connection, now: String) throws {
        try connection.executeScript("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
        let applied = try appliedVersion(connection)
        if applied > latestVersion {
            throw SQLiteError(reason: .newerSchema(found: applied, supported: latestVersion),
                              code: 1, message: "newer schema")
        }
        // Every version not recorded, not only those above the highest: two branches that each
        // added one (21 and 22) may land in either order, and a file that has 22 still gets 21.
        var recorded: Set<Int> = []
        try connection.query("SELECT version FROM schema_migrations") { recorded.insert($0.int(0)) }
        for migration in migrations where !recorded.contains(migration.version) {
            try connection.transaction {
                try connection.executeScript(migration.sql)
                try connection.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    migration.version, migration.name, now)
            }
        }
    }

    public func appliedVersion(_ connection: Connection) throws(SQLiteError) -> Int {
        try connection.queryFirst("SELECT COALESCE(MAX(version), 0) FROM schema_migrations") {
            $0.int(0)
        } ?? 0
    }
}
