import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import TelegramBot
import TelegramClient
import Testing

/// A batch reads and writes the offset once; what it skips as replays stays the same.
@Suite struct BatchOffsetTests {
    func update(_ id: Int64, _ text: String) throws -> Update {
        try JSONDecoder().decode(Update.self, from: Data("""
            {"update_id":\(id),"message":{"message_id":\(id),"date":1795248000,"chat":{"id":7,"type":"private"},
            "from":{"id":7,"is_bot":false,"first_name":"Оля"},"text":"\(text)"}}
            """.utf8))
    }

    @Test func anUpdateTwiceOrBelowTheOffsetInOneBatchCountsOnce() async throws {
        let folder = TemporaryDirectory("batch-offset")
        let core = try BotCore(databasePath: folder.path("bot.sqlite"), catalog: try Catalog.load(), clock: .fixed(testNow),
                               settings: ConversationSettings(timeZone: kyiv))
        func entries() async throws -> [String] {
            try await core.perform { ledger, _ in
                guard let member = try ledger.families.member(telegramUserID: 7) else { return [] }
                return try ledger.entries.list(householdID: member.householdID, dates: LocalDate(testNow, in: kyiv).adding(days: -1)...LocalDate(testNow, in: kyiv))
                    .map(\.originalText)
            }
        }
        let coffee = try update(10, "кава 85"), taxi = try update(12, "таксі 120"), late = try update(11, "обід 230")
        #expect(try await core.handle(batch: [coffee, coffee, taxi, late]))
        #expect(try await core.storedOffset() == 13)
        #expect(try await entries() == ["кава 85", "таксі 120"])

        #expect(try await core.handle(batch: [taxi, try update(13, "аптека 99")]))
        #expect(try await core.storedOffset() == 14)
        try await core.handle(coffee)
        #expect(try await core.storedOffset() == 14)
        #expect(try await entries() == ["кава 85", "таксі 120", "аптека 99"])
    }
}
