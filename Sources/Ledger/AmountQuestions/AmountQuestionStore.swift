import FoundationEssentials
import KopiykaCore
import SQLite

/// A message whose amount the bot asked about, as its writer sent it.
public struct AmountQuestion: Equatable, Sendable {
    public var id: Int64
    public var memberID: Int64
    public var text: String
    public var source: EntrySource
    /// When it was asked: the message is read again as of that moment's day.
    public var createdAt: Date
}

/// The questions the bot asked instead of guessing an amount (`обід 250 300`), until their
/// writer presses a reading, and when each answered message was written (`ledger.amountQuestions`).
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions. Questions are few (each lives a week at most), so
/// every read is a seek by key or a scan of those few rows.
public struct AmountQuestionStore {
    let db: Connection
    let clock: WallClock
}

extension AmountQuestionStore {
    /// How long an unanswered question is kept: a reading pressed later finds nothing.
    static let lifetime: TimeInterval = 7 * 24 * 3600

    /// Remembers `text` until its writer picks a reading; forgets questions past their lifetime.
    public func add(memberID: Int64, text: String, source: EntrySource) throws -> Int64 {
        let now = clock.now()
        try db.execute("DELETE FROM amount_questions WHERE created_at < ?",
                       Ledger.timestamp(now.addingTimeInterval(-Self.lifetime)))
        try db.execute("""
            INSERT INTO amount_questions (member_id, text, source_update_id, source_chat_id, source_message_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [memberID, text, source.updateID, source.chatID, source.messageID, Ledger.timestamp(now)])
        return db.lastInsertRowID
    }

    public func question(id: Int64) throws -> AmountQuestion? {
        try db.queryFirst("""
            SELECT id, member_id, text, source_update_id, source_chat_id, source_message_id, created_at
            FROM amount_questions WHERE id = ?
            """, id, transform: { row in
                AmountQuestion(id: row.int64(0), memberID: row.int64(1), text: row.string(2),
                               source: EntrySource(updateID: row.optionalInt64(3), chatID: row.optionalInt64(4),
                                                   messageID: row.optionalInt64(5)),
                               createdAt: Ledger.date(fromTimestamp: row.string(6)))
            })
    }

    /// The id of the open question about one message, if the bot asked about it: a scan.
    public func questionID(chatID: Int64, messageID: Int64) throws -> Int64? {
        try db.queryFirst("SELECT id FROM amount_questions WHERE source_chat_id = ? AND source_message_id = ? ORDER BY id DESC",
                          chatID, messageID) { $0.int64(0) }
    }

    /// A question answered by a press: it goes, and the moment its message was written stays,
    /// for an edit of that message to read it as of that day. One write by key.
    public func answer(_ question: AmountQuestion) throws {
        try delete(id: question.id)
        guard let chatID = question.source.chatID, let messageID = question.source.messageID else { return }
        try db.execute("INSERT OR REPLACE INTO written_messages (chat_id, message_id, written_at) VALUES (?, ?, ?)",
                       chatID, messageID, Ledger.timestamp(question.createdAt))
    }

    /// When the message was written, if its entries came from a pressed reading; nil otherwise
    /// (its entries were made as it came). One seek by key.
    public func writtenAt(chatID: Int64, messageID: Int64) throws -> Date? {
        try db.queryFirst("SELECT written_at FROM written_messages WHERE chat_id = ? AND message_id = ?", chatID, messageID) {
            Ledger.date(fromTimestamp: $0.string(0))
        }
    }

    public func delete(id: Int64) throws {
        try db.execute("DELETE FROM amount_questions WHERE id = ?", id)
    }
}

extension Ledger {
    /// The amounts the bot asked about and when the messages they answered were written.
    public var amountQuestions: AmountQuestionStore { AmountQuestionStore(db: db, clock: clock) }
}
