import KopiykaTestSupport
import SQLite
import Testing

@Suite struct MigratorTests {
    let folder = TemporaryDirectory()
    let v1 = Migration(version: 1, name: "create t", sql: "CREATE TABLE t (n INTEGER)")
    let v2 = Migration(version: 2, name: "add u", sql: "CREATE TABLE u (n INTEGER)")

    @Test func appliesOnlyWhatIsMissing() throws {
        let db = try Connection(path: folder.path("m.sqlite"))
        try Migrator([v1]).migrate(db, now: "2026-11-21T00:00:00Z")
        try Migrator([v1, v2]).migrate(db, now: "2026-11-21T00:00:00Z")
        try Migrator([v1, v2]).migrate(db, now: "2026-11-21T00:00:00Z")
        #expect(try Migrator([v1, v2]).appliedVersion(db) == 2)
        #expect(try db.queryFirst("SELECT COUNT(*) FROM schema_migrations") { $0.int(0) } == 2)
    }

    @Test func aVersionBelowTheHighestIsAppliedWhenItArrivesLater() throws {
        let db = try Connection(path: folder.path("m.sqlite"))
        let v3 = Migration(version: 3, name: "add w", sql: "CREATE TABLE w (n INTEGER)")
        try Migrator([v1, v3]).migrate(db, now: "x")
        try Migrator([v1, v2, v3]).migrate(db, now: "x")
        #expect(try db.queryFirst("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('t', 'u', 'w')") { $0.int(0) } == 3)
        #expect(try db.queryFirst("SELECT group_concat(version) FROM schema_migrations") { $0.string(0) } == "1,2,3")
    }

    @Test func aFailingMigrationLeavesNoTrace() throws {
        let db = try Connection(path: folder.path("m.sqlite"))
        let broken = Migration(version: 2, name: "broken", sql: "CREATE TABLE w (n INTEGER); SELECT nope FROM nowhere;")
        #expect(throws: SQLiteError.self) { try Migrator([v1, broken]).migrate(db, now: "x") }
        #expect(try Migrator([v1]).appliedVersion(db) == 1)
        #expect(try db.queryFirst("SELECT COUNT(*) FROM sqlite_master WHERE name = 'w'") { $0.int(0) } == 0)
    }

    @Test func refusesADatabaseFromANewerVersion() throws {
        let db = try Connection(path: folder.path("m.sqlite"))
        try Migrator([v1, v2]).migrate(db, now: "x")
        do {
            try Migrator([v1]).migrate(db, now: "x")
            Issue.record("accepted a newer schema")
        } catch let error as SQLiteError {
            #expect(error.reason == .newerSchema(found: 2, supported: 1))
        }
    }
}
