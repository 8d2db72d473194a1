import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// Issue 7's flows on the fake Bot API, through the real libcurl client: the ones no story
/// tells (`Tests/KopiykaTests/Stories`).
@Suite(.serialized) struct CorrectionEndToEndTests {
    let folder = TemporaryDirectory("fix")
    let fake = FakeBotAPI()
    let me: Int64 = 801

    init() throws { try fake.start() }

    func texts() -> [String] {
        fake.sentMessages(chatID: me).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func message(_ kind: String, text: String, messageID: Int) {
        fake.enqueue(updateJSON: """
            {"update_id": 0, "\(kind)": {"message_id": \(messageID), "date": 1795248000, "chat": {"id": \(me), "type": "private"},
             "from": {"id": \(me), "is_bot": false, "first_name": "Оля", "language_code": "uk"}, "text": "\(text)"}}
            """)
    }

    @Test func buttonsEditsAndExportWorkOnTelegram() async throws {
        let path = folder.path("fix.sqlite")
        let bot = try RunningBot(fake: fake, databasePath: path)
        message("message", text: "кава 85", messageID: 10)
        #expect(await eventually { texts().count == 2 })
        let confirmation = try #require(fake.sentMessages(chatID: me).dropFirst().first, "no confirmation came")
        #expect(confirmation.replyMarkup?.contains("del:") == true)
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: me))
        let entryID = try #require(try ledger.entries.recent(householdID: member.householdID, limit: 1).first).id

        // A button: the category changes and the confirmation is edited in place.
        fake.enqueueCallbackQuery(chatID: me, messageID: confirmation.messageID, data: "cat:\(entryID):taxi")
        #expect(await eventually { texts()[1].contains("Таксі") })
        // The answer skips the chat's queue and goes out beside the edit: either may land first.
        #expect(await eventually { fake.requests(method: "answerCallbackQuery").count == 1 })

        // A reply to the confirmation: `NewcomerStory`, at every depth.

        // Editing the original message re-reads it (the category stays taxi: the household
        // learned it from the button, and learned rules beat the built-in tables).
        message("edited_message", text: "кава 95", messageID: 10)
        #expect(await eventually { texts()[1].contains("95 ₴") })
        #expect(try ledger.entries.entry(id: entryID)?.amount == Money(major: 95, currency: .uah))

        // The export arrives as a document.
        fake.enqueueMessage(chatID: me, text: "/export")
        #expect(await eventually { fake.sentMessages(chatID: me).contains { $0.document != nil } })
        let document = try #require(fake.sentMessages(chatID: me).compactMap(\.document).first)
        #expect(document.fileName == "kopiyka-2026-11.csv")
        #expect(String(decoding: document.data.dropFirst(3), as: UTF8.self).contains(";expense;витрата;95,00;UAH;95,00;taxi;"))
        #expect(await eventually { texts().contains { $0.contains("Експорт готовий: 1 запис") } })
        await bot.stop()
        fake.stop()
    }
}
