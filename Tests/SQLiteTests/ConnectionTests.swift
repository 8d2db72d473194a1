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

    /// Text is bound byte for byte up to a NUL, where SQLite's own text functions stop too;
    /// an empty text is not NULL.
    @Test func bindsATextUpToItsFirstNUL() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)")
        let texts = ["кава\u{0}85 грн", "\u{0}", "", "a", String(repeating: "ґ", count: 300), "👨‍👩‍👧 1 234,56 ₴"]
        for text in texts { try db.execute("INSERT INTO t (text) VALUES (?)", text) }
        var stored: [(String, Int)] = []
        try db.query("SELECT text, text IS NULL FROM t ORDER BY id") { stored.append(($0.string(0), $0.int(1))) }
        #expect(stored.map(\.0) == ["кава", "", "", "a", String(repeating: "ґ", count: 300), "👨‍👩‍👧 1 234,56 ₴"])
        #expect(stored.map(\.1) == [0, 0, 0, 0, 0, 0])
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

    /// Inside a transaction it opens no savepoint: what it wrote before failing stays until the
    /// caller's transaction ends (which is why only work whose error ends that transaction may
    /// use it). Alone, it is a transaction of its own and rolls back whole.
    @Test func aJoiningTransactionIsTheCallersOrItsOwn() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (n INTEGER NOT NULL CHECK (n > 0))")
        try db.transaction {
            _ = try? db.joiningTransaction {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (-1)")
            }
        }
        #expect(try db.queryFirst("SELECT SUM(n) FROM t") { $0.int(0) } == 1)
        #expect(throws: SQLiteError.self) {
            try db.joiningTransaction {
                try db.execute("INSERT INTO t VALUES (2)")
                try db.execute("INSERT INTO t VALUES (-1)")
            }
        }
        #expect(try db.queryFirst("SELECT SUM(n) FROM t") { $0.int(0) } == 1)
        #expect(!db.isInTransaction)
        try db.joiningTransaction { try db.execute("INSERT INTO t VALUES (4)") }
        #expect(try db.queryFirst("SELECT SUM(n) FROM t") { $0.int(0) } == 5)
    }

    /// A COMMIT that fails leaves SQLite's transaction open; the connection must roll it back
    /// and go on. SQLite fails a COMMIT deterministically on a deferred foreign key; a full
    /// disk fails it the same way when the WAL cannot grow.
    @Test func aFailedCommitLeavesTheConnectionUsable() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
            """)
        #expect(throws: SQLiteError.self) {
            try db.transaction { try db.execute("INSERT INTO child VALUES (42)") }
        }
        #expect(!db.isInTransaction)
        for id in 1...3 {
            try db.transaction {
                try db.execute("INSERT INTO parent VALUES (?)", id)
                try db.transaction { try db.execute("INSERT INTO child VALUES (?)", id) }
            }
        }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM child") { $0.int(0) } == 3)
        #expect(!db.isInTransaction)
    }

    /// `max_page_count` makes SQLite answer SQLITE_FULL as a full disk does: the write fails
    /// as transient, nothing of it lands, and the same connection writes again once there is room.
    @Test func aFullDiskFailsTheWriteUntilThereIsRoomAgain() throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (text TEXT NOT NULL)")
        try db.setMaximumPageCount(try db.pageCount())
        let big = String(repeating: "x", count: 20_000)
        do {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES ('small')")
                try db.transaction { try db.execute("INSERT INTO t VALUES (?)", big) }
            }
            Issue.record("wrote past a full disk")
        } catch let error as SQLiteError {
            #expect(error.reason == .diskFull)
            #expect(error.isTransient)
        }
        #expect(!db.isInTransaction)
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 0)
        try db.setMaximumPageCount(1_000_000)
        try db.transaction { try db.execute("INSERT INTO t VALUES (?)", big) }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 1)
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

    /// SQLite rolls the whole transaction back on SQLITE_FULL. A caller that catches the
    /// failure and writes on must not commit the rest piecemeal in autocommit mode: not after
    /// a savepoint, nor after a joining transaction, which has no RELEASE of its own to notice.
    @Test(arguments: [false, true])
    func writesAfterACaughtFullDiskAreRefusedNotCommittedPiecemeal(joining: Bool) throws {
        let db = try Connection(path: folder.path("a.sqlite"))
        try db.executeScript("CREATE TABLE t (text TEXT NOT NULL)")
        try db.setMaximumPageCount(try db.pageCount())
        let large = String(repeating: "x", count: 20_000)
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES ('before')")
                if joining {
                    try db.joiningTransaction { _ = try? db.execute("INSERT INTO t VALUES (?)", large) }
                } else {
                    _ = try? db.transaction { try db.execute("INSERT INTO t VALUES (?)", large) }
                }
                try db.execute("INSERT INTO t VALUES ('after')")
            }
        }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 0)
        #expect(!db.isInTransaction)
        try db.transaction { try db.execute("INSERT INTO t VALUES ('next')") }
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 1)
    }

    @Test func quickCheckFindsDamagedPages() throws {
        let path = folder.path("damaged.sqlite")
        do {
            let db = try Connection(path: path)
            try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL); CREATE INDEX t_text ON t (text)")
            try db.transaction {
                for id in 1...2_000 { try db.execute("INSERT INTO t (text) VALUES (?)", "row \(id) " + String(repeating: "ж", count: 40)) }
            }
            #expect(try db.quickCheck() == [])
        }  // Closing the last connection checkpoints the WAL into the file.
        try damagePages([5, 12, 30], of: path)
        do {
            let problems = try Connection(path: path).quickCheck()
            #expect(!problems.isEmpty)
        } catch {
            #expect(error.reason == .damaged)
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
