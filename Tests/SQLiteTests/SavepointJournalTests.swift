import CSQLite
import Foundation
import KopiykaTestSupport
@testable import SQLite
import Testing

/// Savepoint journals stay in memory: an update's savepoint no longer writes the first
/// version of every page it changes to a temporary file, and a large one still rolls back.
@Suite struct SavepointJournalTests {
    let folder = TemporaryDirectory()

    /// Without it each of SQLite's allocations takes a global mutex to count itself.
    @Test func sqliteKeepsNoMemoryStatistics() throws {
        let db = try Connection(path: folder.path("m.sqlite"))
        try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        try db.execute("INSERT INTO t (text) VALUES (?)", String(repeating: "a", count: 10_000))
        #expect(Connection.globalSettings)
        #expect(sqlite3_memory_used() == 0)
    }

    @Test func aSavepointOfManyPagesRollsBackFromMemory() throws {
        let db = try Connection(path: folder.path("j.sqlite"))
        #expect(Connection.globalSettings)
        try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        try db.transaction {
            for id in 0..<2_000 { try db.execute("INSERT INTO t (id, text) VALUES (?, ?)", Int64(id), String(repeating: "a", count: 400)) }
        }
        struct Undo: Error {}
        try db.transaction {
            try db.execute("UPDATE t SET text = 'b' WHERE id = 0")
            do {
                try db.transaction {
                    // About 200 pages, 800 KB of journal: past any spill threshold.
                    try db.execute("UPDATE t SET text = upper(text)")
                    throw Undo()
                }
            } catch is Undo {}
        }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t WHERE text = lower(text)") { $0.int(0) } == 2_000)
        #expect(try db.queryFirst("SELECT text FROM t WHERE id = 0") { $0.string(0) } == "b")
    }
}
