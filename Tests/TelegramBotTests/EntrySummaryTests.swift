import Conversation
import Foundation
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct EntrySummaryTests {
    /// Three hundred entries in one message: one confirmation without a button per entry
    /// (Telegram's keyboard holds 100), which says how to fix them, and they can be fixed.
    @Test func hundredsOfEntriesGetOneSummary() throws {
        let chat = try TestConversation()
        try chat.say("/start")
        let text = (1...300).map { "кава \($0)" }.joined(separator: ", ")
        let summary = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat),
                                                               sender: .olha, text: text)).first)
        #expect(summary.buttons.isEmpty)
        let shown = summary.text.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(shown.hasPrefix("✅ Записано 300 записів:\nкава · 1 ₴ · Кафе · картка\n"))
        #expect(shown.contains("… і ще 295\nВиправити один запис — /history."))
        #expect(shown.split(separator: "\n").count == 8)
        let history = try #require(try chat.say("/history 20").first)
        #expect(history.contains("20. "))
        let gone = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                 text: "видалити", replyToMessageID: summary.messageID))
        #expect(gone.contains { $0.isEdit && $0.text.hasPrefix("🗑\u{FE0F} Видалено 300 записів") })
        #expect(try chat.say("/history").first == "Записів ще немає.")
    }

    /// A family post edited as entries arrive must fit one message: past 20 lines it says
    /// how many more.
    @Test func aFamilyPostOfHundredsOfEntriesStaysOneMessage() throws {
        let chat = try TestConversation()
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: -100_700, kind: .group), by: .olha))
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                  text: (1...300).map { "кава \($0)" }.joined(separator: ", ")))
        let post = try #require(lines.texts(in: -100_700).first)
        #expect(post.split(separator: "\n").count == 21)
        #expect(post.hasSuffix("Оля · кава · 20 ₴ · Кафе · картка\n… і ще 280"))
    }
}
