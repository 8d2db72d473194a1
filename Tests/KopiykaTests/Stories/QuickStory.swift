import Conversation
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// Оля's coffee, twice, becomes a button; one tap records a third, confirmed with its
    /// buttons and posted to the family group; her own pin comes first, records on its
    /// account, and goes with ✖️.
    @Suite struct QuickStory {
        var group: Int64 { FamilyStory.group }

        @Test(arguments: Scenario.Depth.allCases)
        func theUsualIsOneTapAway(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await FamilyStory.familyWithAGroup(story)
                #expect(try await story.say("/quick", from: .olha).first?.hasPrefix("Поки нічого запропонувати") == true)
                try await story.say("кава 85", from: .olha)
                try await story.say("кава 85", from: .taras)
                #expect(try await story.say("/quick", from: .olha) == ["⚡ Натисніть — і запишу на сьогодні."])

                let tapped = try await story.press("☕ кава 85", from: .olha)
                #expect(tapped.replies == ["✅ кава · 85 ₴ · Кафе · картка"])
                #expect(story.messages(in: Sender.olha.id).last?.buttons.joined().map(\.title) == ["🏷️ Категорія", "🗑️ Видалити"])
                // Оля's post of five minutes ago, edited to hold her tap too.
                #expect(story.received(in: group).dropFirst() == ["Оля · кава · 85 ₴ · Кафе · картка\nОля · кава · 85 ₴ · Кафе · картка",
                                                                  "Тарас · кава · 85 ₴ · Кафе · картка"], "\(story.received(in: group))")
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                #expect(try story.database().entries.count(householdID: olha.householdID) == 3)

                #expect(try await story.say("/quick add таксі 120 готівка", from: .olha).first?.hasPrefix("📌 Закріплено") == true)
                let shown = try await story.say("швидко", from: .olha)
                #expect(shown.first?.contains("Спершу ваші закріплені") == true)
                #expect(story.messages(in: Sender.olha.id).last?.buttons.map { $0.map(\.title) } == [["🚕 таксі 120", "✖️"], ["☕ кава 85"]])
                #expect(try await story.press("🚕 таксі 120", from: .olha).replies == ["✅ таксі · 120 ₴ · Таксі · готівка"])

                try await story.say("/quick", from: .olha)
                let unpinned = try await story.press("✖️", from: .olha)
                #expect(unpinned.notice == "Відкріплено")
                #expect(unpinned.message?.buttons.map { $0.map(\.title) } == [["☕ кава 85"]])
                #expect(try story.database().entries.count(householdID: olha.householdID) == 4)
                #expect(try story.database().quick.pins(memberID: olha.id).isEmpty)
            }
        }
    }
}
