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

extension EntryStore {
    /// How long an unanswered question is kept: a reading pressed later finds nothing.
    static let questionLifetime: TimeInterval = 7 * 24 * 3600

    /// Remembers `text` until its writer picks a reading; forgets questions past their lifetime.
    public func addAmountQuestion(memberID: Int64, text: String, source: EntrySource) throws -> Int64 {
        let now = clock.now()
        try db.execute("DELETE FROM amount_questions WHERE created_at < ?",
                       Ledger.timestamp(now.addingTimeInterval(-Self.questionLifetime)))
        try db.execute("""
            INSERT INTO amount_questions (member_id, text, source_update_id, source_chat_id, source_message_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [memberID, text, source.updateID, source.chatID, source.messageID, Ledger.timestamp(now)])
        return db.lastInsertRowID
    }

    public func amountQuestion(id: Int64) throws -> AmountQuestion? {
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

    /// The open question about one message, if the bot asked about it. Questions are few (each
    /// lives until it is answered, a week at most): a scan.
    public func amountQuestion(chatID: Int64, messageID: Int64) throws -> Int64? {
        try db.queryFirst("SELECT id FROM amount_questions WHERE source_chat_id = ? AND source_message_id = ? ORDER BY id DESC",
                          chatID, messageID) { $0.int64(0) }
    }

    /// A question answered by a press: it goes, and the moment its message was written stays,
    /// for an edit of that message to read it as of that day. One write by key.
    public func answerAmountQuestion(_ question: AmountQuestion) throws {
        try deleteAmountQuestion(id: question.id)
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

    public func deleteAmountQuestion(id: Int64) throws {
        try db.execute("DELETE FROM amount_questions WHERE id = ?", id)
    }
}
