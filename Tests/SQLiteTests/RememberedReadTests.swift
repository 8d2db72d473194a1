import Foundation
import KopiykaTestSupport
import SQLite
import Testing

/// `Connection.remembered`: a read repeated inside or across transactions runs once while
/// nothing it reads changes, and is never answered from memory after a change to its table
/// (by a statement, a trigger or another connection), a rollback, or outside a transaction.
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
            CREATE TABLE IF NOT EXISTS renames (id INTEGER NOT NULL, name TEXT NOT NULL);
            CREATE TRIGGER IF NOT EXISTS rename AFTER INSERT ON renames BEGIN
                UPDATE t SET name = NEW.name WHERE id = NEW.id;
            END;
            CREATE TABLE IF NOT EXISTS w (id INTEGER PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
            """)
        return db
    }

    func name(_ db: Connection, _ id: Int64, _ reads: Reads, table: String = "t") throws -> String? {
        try db.remembered(RememberedKey(kind: table == "t" ? 0 : 1, id), reading: [table]) {
            reads.count += 1
            return try db.queryFirst("SELECT name FROM \(table) WHERE id = ?", id) { $0.string(0) }
        }
    }

    /// Renames row 1 and reads it in a transaction (a savepoint when inside another) that then
    /// rolls back.
    func renameAndUndo(_ db: Connection, _ reads: Reads) throws {
        struct Undo: Error {}
        do {
            try db.transaction {
                try db.execute("UPDATE t SET name = 'never' WHERE id = 1")
                #expect(try name(db, 1, reads) == "never")
                throw Undo()
            }
        } catch is Undo {}
    }

    @Test func aRepeatedReadRunsOnceUntilItsTableChanges() throws {
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
            #expect(reads.count == 2, "another table's change forgets nothing")
            try db.execute("INSERT INTO t (id, name) VALUES (2, 'b')")
            #expect(try name(db, 2, reads) == "b")
            #expect(reads.count == 3)
        }
        try db.transaction { () throws -> Void in #expect(try name(db, 2, reads) == "b") }
        #expect(reads.count == 3, "the next transaction is answered from memory")
        try db.execute("UPDATE t SET name = 'c' WHERE id = 2")
        try db.transaction { () throws -> Void in #expect(try name(db, 2, reads) == "c") }
        try db.execute("DELETE FROM t WHERE id = 2")
        try db.transaction { () throws -> Void in #expect(try name(db, 2, reads) == nil) }
        #expect(try name(db, 1, reads) == "a")
        #expect(try name(db, 1, reads) == "a")
        #expect(reads.count == 7, "outside a transaction every read runs")
    }

    /// A change the update hook reports only through a trigger, and a table (WITHOUT ROWID)
    /// whose changes it never reports: the second read sees the change either way.
    @Test(arguments: [
        ("t", "INSERT INTO renames (id, name) VALUES (1, 'b')"),
        ("w", "UPDATE w SET name = 'b' WHERE id = 1"),
    ])
    func aChangeTheHookCannotSeeDirectlyIsSeen(table: String, change: String) throws {
        let db = try open()
        try db.execute("INSERT INTO \(table) (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction {
            #expect(try name(db, 1, reads, table: table) == "a")
            try db.execute(change)
            #expect(try name(db, 1, reads, table: table) == "b")
        }
    }

    @Test func aRolledBackSavepointIsNotAnsweredFromMemory() throws {
        let db = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction {
            _ = try name(db, 1, reads)
            try renameAndUndo(db, reads)
            #expect(try name(db, 1, reads) == "a")
        }
    }

    @Test func aRolledBackTransactionIsNotAnsweredFromMemory() throws {
        let db = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try renameAndUndo(db, reads)
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "a") }
    }

    /// SQLite may end a whole transaction on an error the body catches: what was read after
    /// its writes is not answered in the transaction that follows.
    @Test func aTransactionSQLiteRolledBackIsNotAnsweredFromMemory() throws {
        let db = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        var afterwards: String?
        _ = try? db.transaction {
            try db.execute("UPDATE t SET name = 'never' WHERE id = 1")
            #expect(try name(db, 1, reads) == "never")
            try db.execute("ROLLBACK")  // As SQLite does by itself after SQLITE_FULL.
            try db.transaction { afterwards = try name(db, 1, reads) }
        }
        #expect(afterwards == "a")
    }

    @Test func anotherTransactionSeesWhatAnotherConnectionWrote() throws {
        let db = try open()
        let other = try open()
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "a") }
        try other.execute("UPDATE t SET name = 'z' WHERE id = 1")
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "z") }
        try other.execute("INSERT INTO other (n) VALUES (1)")
        try db.transaction { () throws -> Void in #expect(try name(db, 1, reads) == "z") }
        #expect(reads.count == 3, "any commit of another connection forgets: it says no more than that")
    }

    @Test func tablesWhoseChangesSQLiteDoesNotReportAreNeverRemembered() throws {
        let db = try open()
        try db.execute("INSERT INTO w (id, name) VALUES (1, 'a')")
        let reads = Reads()
        try db.transaction {
            _ = try name(db, 1, reads, table: "w")
            _ = try name(db, 1, reads, table: "w")
            db.remembered(RememberedKey(kind: 2, 0), reading: ["no_such_table"]) { reads.count += 1 }
            db.remembered(RememberedKey(kind: 2, 0), reading: ["no_such_table"]) { reads.count += 1 }
        }
        #expect(reads.count == 4, "a WITHOUT ROWID table and a missing one: every read runs")
    }
}
