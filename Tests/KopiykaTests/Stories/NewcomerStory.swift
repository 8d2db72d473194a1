import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// Оля's first message: a welcome and the confirmation line, then she fixes the amount by
    /// replying `120` and deletes the entry with its button.
    @Suite struct NewcomerStory {
        @Test(arguments: Scenario.Depth.allCases)
        func aFirstEntryIsConfirmedCorrectedAndDeleted(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                let replies = try await story.say("кава 85 грн картка", from: .olha)
                #expect(replies.count == 2, "\(replies)")
                #expect(replies.first?.hasPrefix("Привіт, Олю! Я Копійка") == true)
                #expect(replies.last == "✅ кава · 85 ₴ · Кафе · картка")
                let confirmation = try #require(story.messages(in: Sender.olha.id).last)
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                let entry = try #require(try story.database().entries.recent(householdID: olha.householdID, limit: 2).first)
                #expect(entry.amount == Money(major: 85, currency: .uah))

                let fixed = try await story.reply("120", to: confirmation, from: .olha)
                #expect(fixed.last?.contains("Виправлено") == true, "\(fixed)")
                #expect(story.messages(in: Sender.olha.id).first { $0.id == confirmation.id }?.text == "✅ кава · 120 ₴ · Кафе · картка")
                #expect(try story.database().entries.entry(id: entry.id)?.amount == Money(major: 120, currency: .uah))

                let deleted = try await story.press("del", from: .olha)
                #expect(deleted.message?.text == "🗑\u{FE0F} кава · 120 ₴ · Кафе · картка")
                #expect(deleted.message?.buttons.joined().map(\.title) == ["↩️ Відновити"])
                #expect(try story.database().entries.entry(id: entry.id) == nil)
            }
        }
    }
}
