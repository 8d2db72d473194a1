import Conversation
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// Оля invites Тарас by the link's `/start` payload; Тарас adds the bot to their group, which
    /// becomes the family chat; Оля's entries are posted there; an outsider is refused and learns
    /// nothing of the family.
    @Suite struct FamilyStory {
        static let group: Int64 = -1_001_234_567
        var group: Int64 { Self.group }

        /// Оля starts and invites Тарас, who joins by the link; Тарас links the family group.
        static func familyWithAGroup(_ story: Scenario) async throws {
            try await story.say("/start", from: .olha)
            let invite = try await story.say("/invite", from: .olha).joined()
            let link = try #require(invite.firstMatch(of: #/https://t\.me/kopiyka_test_bot\?start=(join_[A-Za-z0-9]{12})/#))
            let joined = try await story.say("/start \(link.1)", from: .taras)
            #expect(joined.first?.contains("Вітаємо в родині") == true, "\(joined)")
            #expect(story.received(in: Sender.olha.id).last?.contains("Тарас тепер у родині") == true)
            let linked = try await story.addBot(to: group, by: .taras)
            #expect(linked.count == 1 && linked.first?.contains("сімейний чат") == true, "\(linked)")
            let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
            #expect(try story.database().families.household(id: olha.householdID)?.familyChatID == group)
        }

        @Test(arguments: Scenario.Depth.allCases)
        func aFamilyJoinsLinksItsGroupAndKeepsOutsidersOut(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await Self.familyWithAGroup(story)
                #expect(try await story.say("кава 85 картка", from: .olha) == ["✅ кава · 85 ₴ · Кафе · картка"])
                #expect(story.received(in: group).last == "Оля · кава · 85 ₴ · Кафе · картка")

                let refused = try await story.say("/report", from: .stranger, inGroup: group)
                #expect(refused.count == 1 && refused.first?.contains("однієї родини") == true, "\(refused)")
                #expect(!refused.joined().contains("Оля") && !refused.joined().contains("85"))
                #expect(try await story.say("кава 40", from: .stranger, inGroup: group).isEmpty)
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                #expect(try story.database().entries.count(householdID: olha.householdID) == 1)
            }
        }

        /// The family's day through the real client: a second entry edits the group's post in
        /// place, a restart midway repeats nothing, an outsider's `/report` shows nothing of the
        /// family, and the 21:00 digest goes out once, restart or not. Needs a restart and the
        /// clock: the Bot API depth only (`FamilyTests` tells each part in process).
        @Test func aRestartRepeatsNothingAndTheDigestGoesOutOnce() async throws {
            try await Scenario.play(at: .botAPI) { story in
                try await Self.familyWithAGroup(story)
                try await story.say("кава 85 картка", from: .olha)
                try await story.say("таксі 120", from: .olha)
                #expect(story.received(in: group).dropFirst() == ["Оля · кава · 85 ₴ · Кафе · картка\nОля · таксі · 120 ₴ · Таксі · картка"])

                try await story.restart()
                try await story.say("продукти 400", from: .taras)
                #expect(story.received(in: group).dropFirst(2) == ["Тарас · продукти · 400 ₴ · Продукти · картка"])

                // A welcome and an empty report in private, a refusal in the group.
                let seenByOutsider = try await story.say("/report", from: .stranger)
                    + story.say("/report", from: .stranger, inGroup: group)
                #expect(seenByOutsider.count == 3, "\(seenByOutsider)")
                #expect(!seenByOutsider.contains { $0.contains("Оля") || $0.contains("Тарас") || $0.contains("85 ₴") || $0.contains("605") })

                try story.advanceClock(by: 12 * 3600)  // 22:00 in Kyiv
                try await story.runSchedule()
                #expect(story.received(in: group).count == 5)
                #expect(story.received(in: group).last?.contains("Витрачено 605 ₴ (3 витрати)") == true)
                try await story.restart()
                try await story.runSchedule()
                #expect(story.received(in: group).count == 5)

                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                #expect(try story.database().entries.count(householdID: olha.householdID) == 3)
                #expect(story.received(in: Sender.olha.id).filter { $0.hasPrefix("✅") }.count == 2)
                #expect(story.received(in: Sender.taras.id).filter { $0.hasPrefix("✅") }.count == 1)
            }
        }
    }
}
