import Foundation
import KopiykaTestSupport
import SQLite
import Testing

@Suite struct ConnectionTests {
    let folder = TemporaryDirectory()

    @Test func opensInWALModeWithForeignKeys() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        #expect(try db.pragma("journal_mode") == "wal")
        #expect(try db.pragma("foreign_keys") == "1")
        #expect(try db.pragma("synchronous") == "1")  // NORMAL
    }

    @Test func bindsValuesInsteadOfSplicingThem() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT, amount INTEGER)")
        let hostile = "x'); DROP TABLE t; --"
        try db.execute("INSERT INTO t (text, amount) VALUES (?, ?)", hostile, Int64.max)
        let row = try db.queryFirst("SELECT text, amount FROM t") { ($0.string(0), $0.int64(1)) }
        #expect(row?.0 == hostile)
        #expect(row?.1 == Int64.max)
    }

    @Test func aFailedTransactionRollsBackWhole() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (n INTEGER NOT NULL CHECK (n > 0))")
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (2)")
                try db.execute("INSERT INTO t VALUES (-1)")
            }
        }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 0)
        #expect(!db.isInTransaction)
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (n INTEGER NOT NULL CHECK (n > 0))")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            _ = try? db.transaction { try db.execute("INSERT INTO t VALUES (-1)") }
            try db.execute("INSERT INTO t VALUES (2)")
        }
        #expect(try db.queryFirst("SELECT SUM(n) FROM t") { $0.int(0) } == 3)
    }

    @Test func aFileThatIsNotADatabaseIsNamedAsSuch() throws {
        let path = folder.path("junk.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Connection(path: path)
            Issue.record("opened a junk file")
        } catch {
            #expect(error.reason == .notADatabase)
        }
    }

    @Test func aSecondWriterWaitsThenReportsTheLock() throws {
        let path = folder.path("a.sqlite")
        let first = try Connection(path: path)
        try first.executeScript("CREATE TABLE t (n INTEGER); BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
        let second = try Connection(path: path, busyTimeoutMilliseconds: 50)
        do {
            try second.execute("INSERT INTO t VALUES (2)")
            Issue.record("wrote past a held lock")
        } catch {
            #expect(error.reason == .locked)
        }
        try first.executeScript("COMMIT")
    }
}
