import Foundation
import KopiykaTestSupport
import SQLite
import Synchronization
import Testing

/// A connection that handed its checkpoints over does not copy the WAL into the database in
/// its commits: it asks, once per so many pages, and another connection does the copying;
/// only a WAL nobody copies makes its commits checkpoint, at three times that size.
@Suite struct CheckpointTests {
    let folder = TemporaryDirectory()

    func fill(_ db: Connection, rows: Range<Int>) throws {
        for id in rows {  // A commit of a few pages each.
            try db.execute("INSERT INTO t (id, text) VALUES (?, ?)", Int64(id), String(repeating: "a", count: 3_000))
        }
    }

    final class Asks: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    func handedOver(_ name: String, atPages pages: Int32) throws -> (db: Connection, other: Connection, asks: Asks) {
        let db = try Connection(path: folder.path(name))
        let asks = Asks()
        db.handOverCheckpoints(atPages: pages) { asks.add() }
        try db.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        return (db, try Connection(path: folder.path(name), creating: false), asks)
    }

    @Test func aConnectionThatHandedItsCheckpointsOverOnlyAsks() throws {
        let (db, other, asks) = try handedOver("c.sqlite", atPages: 500)
        try fill(db, rows: 0..<400)
        let (walPages, copied) = try other.checkpoint()
        // SQLite's own checkpoint, at 1,000 pages, would have begun the WAL again.
        #expect(walPages > 1_000 && walPages < 1_500, "\(walPages) pages in the WAL")
        #expect(copied == walPages)
        // Once per 500 pages, not after each commit past the first 500.
        #expect(asks.value == walPages / 500, "\(asks.value) asks for \(walPages) pages")
        #expect(try db.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 400)

        // Everything copied: the next commit begins the WAL again, and it is counted anew.
        try fill(db, rows: 400..<500)
        let again = try other.checkpoint().walPages
        #expect(again < 500, "\(again) pages in the WAL, \(walPages) before")
        #expect(asks.value == walPages / 500 + again / 500)
    }

    @Test func aWALNobodyCopiesIsCheckpointedByTheCommitsAtThreeTimesTheSize() throws {
        let (db, other, asks) = try handedOver("n.sqlite", atPages: 50)
        try fill(db, rows: 0..<600)  // About 1,800 pages.
        #expect(try other.checkpoint().walPages < 160)
        #expect(asks.value > 2)
        #expect(try other.queryFirst("SELECT COUNT(*) FROM t") { $0.int(0) } == 600)
    }

    @Test func theOtherConnectionCreatesNoDatabase() {
        #expect(throws: SQLiteError.self) { try Connection(path: folder.path("none.sqlite"), creating: false) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("none.sqlite")))
    }
}
