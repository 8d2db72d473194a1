import Conversation
import KopiykaTestSupport
import Ledger
import Testing

/// Оля invites Тарас by the link's `/start` payload; Тарас adds the bot to their group, which
/// becomes the family chat; Оля's entry is posted there; an outsider in the group is refused
/// and learns nothing of the family.
@Suite struct FamilyStory {
    let group: Int64 = -1_001_234_567

    @Test(arguments: Scenario.Depth.allCases)
    func aFamilyJoinsLinksItsGroupAndKeepsOutsidersOut(depth: Scenario.Depth) async throws {
        try await Scenario.play(at: depth) { story in
            try await story.say("/start", from: .olha)
            let invite = try await story.say("/invite", from: .olha).joined()
            let link = try #require(invite.firstMatch(of: #/https://t\.me/kopiyka_test_bot\?start=(join_[A-Za-z0-9]{12})/#))
            let joined = try await story.say("/start \(link.1)", from: .taras)
            #expect(joined.first?.contains("Вітаємо в родині") == true, "\(joined)")
            #expect(story.received(in: Sender.olha.id).last?.contains("Тарас тепер у родині") == true)

            let linked = try await story.addBot(to: group, by: .taras)
            #expect(linked.first?.contains("сімейний чат") == true, "\(linked)")
            let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
            #expect(try story.database().families.household(id: olha.householdID)?.familyChatID == group)

            #expect(try await story.say("кава 85 картка", from: .olha) == ["✅ кава · 85 ₴ · Кафе · картка"])
            #expect(story.received(in: group).last == "Оля · кава · 85 ₴ · Кафе · картка")

            let refused = try await story.say("/report", from: .stranger, inGroup: group)
            #expect(refused.count == 1 && refused.first?.contains("однієї родини") == true, "\(refused)")
            #expect(!refused.joined().contains("Оля") && !refused.joined().contains("85"))
            #expect(try await story.say("кава 40", from: .stranger, inGroup: group).isEmpty)
            #expect(try story.database().entries.count(householdID: olha.householdID) == 1)
        }
    }
}
