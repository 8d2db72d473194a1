import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// A message's text is kept once, with its first entry, not once per entry: a stranger's
/// 4 KB message of 585 entries stored 585 copies of itself (4.8 MB), so 200 such messages
/// wrote a gigabyte and a small disk filled up for every family.
@Suite struct MessageTextStorageTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    func storedText() throws -> (characters: Int, entries: Int) {
        try #require(try Connection(path: chat.test.path).queryFirst(
            "SELECT COALESCE(SUM(length(original_text)), 0), COUNT(*) FROM entries") { ($0.int(0), $0.int(1)) })
    }

    @Test func aMessageOfHundredsOfEntriesKeepsItsTextOnce() throws {
        let text = String(Array(repeating: "кава 1", count: 700).joined(separator: "\n").prefix(4_094))
        _ = try chat.send(IncomingMessage(chat: me, sender: olha, text: text, messageID: 700))
        var stored = try storedText()
        #expect(stored.entries == 585)
        #expect(stored.characters == text.count)

        let edited = text.replacingOccurrences(of: "кава 1", with: "чай 2")
        _ = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: edited, updateID: 90, messageID: 700)))
        stored = try storedText()
        #expect(stored.entries == 585)
        #expect(stored.characters == edited.count)
        let entries = try chat.ledger.entries.list(sourceChatID: olha.id, sourceMessageID: 700)
        #expect(entries.first?.originalText == edited)
        #expect(entries.allSatisfy { $0.note == "чай" })
    }
}
