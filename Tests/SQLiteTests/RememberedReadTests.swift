import Foundation
import KopiykaTestSupport
import SQLite
import Testing

/// `Connection.remembered`: a read repeated inside one transaction runs once while nothing
/// is written, and is never answered from memory after a write, a rollback or the end of the
/// transaction.
@Suite struct RememberedReadTests {
    let folder = TemporaryDirectory()

    final class Reads {
        var count = 0
    }

    func open() throws -> Connection {
        let db = try Connection(path: folder.path("r.sqlite"))
        try db.executeScript("""
            CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS other (n INTEGER);
            """)
        return db
    }

    func name(_ db: Connection, _ id: Int64, _ reads: Reads) throws -> String? {
        try db.remembered("t:\(id)") {
            reads.count += 1
            return try db.queryFirst("SELECT name FROM t WHERE id = ?", id) { $0.string(0) }
        }
    }

    @Test func aRepeatedReadRunsOnceUntilAnyRowIsWritten() throws {
        let db = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction {
            #expect(try name(db, 2, reads) == nil)
            #expect(try name(db, 2, reads) == nil)
            #expect(try name(db, 1, reads) == "a")
            #expect(try name(db, 1, reads) == "a")
            #expect(reads.count == 2)
            try db.execute("INSERT INTO other (n) VALUES (1)")
            #expect(try name(db, 1, reads) == "a")
            try db.execute("INSERT INTO t (id, name) VALUES (2, 'b')")
            #expect(try name(db, 2, reads) == "b")
            #expect(reads.count == 4)
        }
        #expect(try name(db, 2, reads) == "b")
        #expect(try name(db, 2, reads) == "b")
        #expect(reads.count == 6, "outside a transaction every read runs")
    }

    @Test func aRolledBackSavepointIsNotAnsweredFromMemory() throws {
        let db = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        struct Undo: Error {}
        try db.transaction {
            _ = try name(db, 1, reads)
            do {
                try db.transaction {
                    try db.execute("UPDATE t SET name = 'changed' WHERE id = 1")
                    #expect(try name(db, 1, reads) == "changed")
                    throw Undo()
                }
            } catch is Undo {}
            #expect(try name(db, 1, reads) == "a")
        }
    }

    @Test func anotherTransactionSeesWhatAnotherProcessWrote() throws {
        let db = try open()
        let other = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "a") }
        try other.execute("UPDATE t SET name = 'z' WHERE id = 1")
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "z") }
    }
}
