import Conversation
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// A request, a question, a plan and a balance hold amounts and record nothing: in private
    /// the bot says why, in the family group it stays silent; an entry said plainly, or told
    /// to the bot (`запиши`), is still recorded.
    @Suite struct NotSpendingStory {
        var group: Int64 { FamilyStory.group }

        @Test(arguments: [Scenario.Depth.conversation, .botAPI])
        func whatWasNotSpentIsNotRecorded(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await FamilyStory.familyWithAGroup(story)
                let said = [
                    ("купи 3 батони і кефір", "Схоже на прохання"),
                    ("скинь мені 300 на квиток", "Схоже на прохання"),
                    ("скільки вийде 320 + 145?", "Схоже на запитання"),
                    ("зарплата буде 30 000", "Схоже на план"),
                    ("на моно лишилось 1 200", "Схоже на залишок чи ціну"),
                ]
                for (text, answer) in said {
                    let replies = try await story.say(text, from: .olha)
                    #expect(replies.count == 1 && replies.first?.hasPrefix(answer) == true, "\(text): \(replies)")
                }
                for text in ["скинемось мамі на подарунок по 500?", "давайте по 250 на шашлик", "свинина подорожчала, вже 240 гривень"] {
                    #expect(try await story.say(text, from: .taras, inGroup: group).isEmpty, "\(text)")
                }
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                #expect(try story.database().entries.count(householdID: olha.householdID) == 0)
                #expect(story.received(in: group).count == 1, "only the link's greeting: \(story.received(in: group))")

                #expect(try await story.say("купила хліб 45", from: .olha) == ["✅ купила хліб · 45 ₴ · Продукти · картка"])
                #expect(try await story.say("запиши: треба було віддати 200 за гурток", from: .olha).first?.hasPrefix("✅") == true)
                #expect(try story.database().entries.count(householdID: olha.householdID) == 2)
            }
        }
    }
}
