import KopiykaCore
import KopiykaTestSupport
import SQLite
import Testing

@testable import Ledger

@Suite struct OutboxSchemaTests {
    static let columns = """
        json_array(id, chat_id, thread_id, payload, state, attempts, not_before_ms, sent_message_id,
            pieces_sent, failure, created_at, prune_at_ms, kept)
        """

    /// An outbox from before the state check changed, with a row in each state and every column
    /// set, comes through its copy whole: rows, ids, indexes, and a check that still refuses.
    @Test func theCopiedOutboxKeepsEveryRowIndexAndCheck() throws {
        let folder = TemporaryDirectory("outbox-check-migration")
        let path = folder.path("old.sqlite")
        var rows: [String] = []
        var indexes: [String] = []
        do {
            let db = try Connection(path: path)
            try Migrator(Schema.migrator.migrations.filter { $0.version < 24 }).migrate(db, now: "2026-11-01T00:00:00Z")
            try db.executeScript("""
                INSERT INTO outbox (id, chat_id, thread_id, payload, state, attempts, not_before_ms, sent_message_id,
                    pieces_sent, failure, created_at, prune_at_ms, kept) VALUES
                    (3, -1001, 7, '{"message":{"html":"a","buttons":[]}}', 'pending', 1, 1780000000000, NULL, 1, NULL, 'x', NULL, 0),
                    (9, 5, NULL, '', 'sent', 1, NULL, 900, 0, NULL, 'y', 1790000000000, 1),
                    (12, 5, NULL, '{}', 'failed', 5, NULL, NULL, 0, 'Bad Request', 'z', 1790000000001, 0);
                """)
            try db.query("SELECT \(Self.columns) FROM outbox ORDER BY id") { rows.append($0.string(0)) }
            indexes = try Self.indexes(db)
        }
        let ledger = try Ledger(path: path, clock: .fixed(testNow))
        let db = ledger.db
        var copied: [String] = []
        try db.query("SELECT \(Self.columns) FROM outbox ORDER BY id") { copied.append($0.string(0)) }
        #expect(copied == rows && rows.count == 3)
        #expect(try Self.indexes(db) == indexes && indexes.count == 4)
        #expect(try ledger.outbox.pending().map(\.id) == [3])
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE outbox SET state = 'lost' WHERE id = 9") }
        #expect(throws: SQLiteError.self) {
            try db.execute("INSERT INTO outbox (chat_id, payload, state, created_at) VALUES (1, '{}', 'Sent', 'x')")
        }
        #expect(try ledger.outbox.enqueue(.message(html: "next"), chatID: 5) > 12)
    }

    /// Queuing a reply and recording its send build no temporary table: with `IN (…)` SQLite
    /// made one for the check on each of them.
    @Test func writingARowBuildsNoTemporaryTable() throws {
        let test = try TestLedger()
        for sql in [
            "INSERT INTO outbox (chat_id, thread_id, payload, created_at) VALUES (?, ?, ?, ?)",
            "UPDATE outbox SET state = 'sent', sent_message_id = ?, attempts = attempts + 1, payload = ? WHERE id = ?",
            "UPDATE outbox SET state = 'failed', failure = ? WHERE id = ?",
        ] {
            var operations: [String] = []
            let unbound = [Int64?](repeating: nil, count: sql.count { $0 == "?" })
            try test.ledger.db.query("EXPLAIN " + sql, arguments: unbound) { operations.append($0.string(1)) }
            #expect(!operations.isEmpty && !operations.contains("OpenEphemeral"), "\(sql)")
        }
    }

    static func indexes(_ db: Connection) throws -> [String] {
        var result: [String] = []
        try db.query("SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' ORDER BY name") {
            result.append($0.string(0))
        }
        return result
    }
}
