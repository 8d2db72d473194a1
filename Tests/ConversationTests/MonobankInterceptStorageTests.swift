@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// After a token was written every way a person can (among words, by an edit, in a reply, in
/// a file's caption, in private and in the family group), the database file and its WAL hold
/// no byte of it in clear, `/history` and `/export` show none of it, and every message that
/// held it was deleted.
@Suite struct MonobankInterceptStorageTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    static let group: Int64 = -100_901
    let chat = try! TestConversation()
    var token: String { Self.token }

    /// Handles `event`, delivers the outbox, and returns the ids of the messages it deleted.
    func deletions(_ event: ConversationEvent) throws -> [Int64] {
        try chat.handler.handle(event)
        let deleted = try chat.ledger.outbox.pending(limit: 10_000).compactMap { item -> Int64? in
            if case .delete(let messageID) = item.content { return messageID } else { return nil }
        }
        _ = try ConsoleDelivery(ledger: chat.ledger).deliver()
        return deleted
    }

    func message(_ text: String, id: Int64, in chatID: Int64 = Sender.olha.id, replyTo: Int64? = nil) -> IncomingMessage {
        IncomingMessage(chat: ChatRef(id: chatID, kind: chatID > 0 ? .privateChat : .group), sender: .olha, text: text,
                        updateID: id, messageID: id, replyToMessageID: replyTo, isReplyToBot: replyTo != nil)
    }

    func document(_ caption: String, id: Int64, in chatID: Int64) -> NonTextMessage {
        var file = NonTextMessage(chat: ChatRef(id: chatID, kind: chatID > 0 ? .privateChat : .group), sender: .olha,
                                  kind: .document(caption: caption), updateID: id, messageID: id)
        file.file = ReceivedFile(fileID: "file-\(id)", name: "statement.csv", size: 1_000)
        return file
    }

    /// Every file SQLite keeps for the database: the file itself, its `-wal` and `-shm`.
    func databaseBytes() throws -> [(String, Data)] {
        let folder = URL(fileURLWithPath: chat.test.path).deletingLastPathComponent()
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("kopiyka.sqlite") }
            .map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    @Test func noTokenIsStoredShownOrExportedAndEveryMessageWithOneIsDeleted() throws {
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: Self.group, kind: .group), by: .olha))
        let said = try chat.send(message("кава 85", id: 500))
        let confirmation = try #require(said.last { $0.chatID == Sender.olha.id }?.messageID)
        #expect(try deletions(.message(message("ось мій токен: \(token) дякую", id: 501))) == [501])
        #expect(try deletions(.message(message("таксі 120", id: 502))).isEmpty)
        #expect(try deletions(.edited(message("таксі 120 \(token)", id: 502))) == [502])
        #expect(try deletions(.message(message("кава \(token)", id: 503, replyTo: confirmation))) == [503])
        #expect(try deletions(.nonText(document(token, id: 504, in: Sender.olha.id))) == [504])
        #expect(try deletions(.message(message("/add обід 250 \(token)", id: 505, in: Self.group))) == [505])
        #expect(try deletions(.message(message("обід 250 \(token)", id: 506, in: Self.group))) == [506])
        #expect(try deletions(.nonText(document("токен \(token)", id: 507, in: Self.group))) == [507])
        #expect(try deletions(.message(message("/add вечеря 300", id: 508, in: Self.group))).isEmpty)
        #expect(try deletions(.edited(message("/add вечеря 300 \(token)", id: 508, in: Self.group))) == [508])

        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let entries = try chat.ledger.entries.recent(householdID: olha.householdID, limit: 100)
        #expect(entries.map(\.amount.minorUnits).sorted() == [8_500, 12_000, 30_000], "as typed, none from a token")
        #expect(try chat.ledger.statements.imports(in: .fetching).isEmpty, "a file whose caption held a token is not read")
        let history = try chat.say("/history").joined()
        #expect(history.contains("таксі") && !history.contains(token), "\(history)")
        try chat.say("/export рік")
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        let file = try #require(try ConsoleDelivery(ledger: chat.ledger).deliver().compactMap(\.document).first)
        let csv = String(decoding: file.data, as: UTF8.self)
        #expect(csv.contains("вечеря") && !csv.contains(token), "\(csv)")

        let files = try databaseBytes()
        #expect(files.contains { $0.0 == "kopiyka.sqlite-wal" && !$0.1.isEmpty }, "the WAL is read too")
        for (name, bytes) in files {
            #expect(bytes.firstRange(of: Data(token.utf8)) == nil, "\(name) holds the token in clear")
        }
        #expect(try chat.ledger.monobank.feedSources().map(\.token) == [token], "sealed in its table, and only there")
    }
}
