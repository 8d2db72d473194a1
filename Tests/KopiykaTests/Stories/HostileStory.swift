import Conversation
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// Messages as long as Telegram allows, a lone letter and an amount past the ledger's range:
    /// each answered (a hint, or an entry with its note cut short), and the bot keeps answering.
    @Suite struct HostileStory {
        static let noAmount = "Не бачу суми. Напишіть, наприклад: кава 85 грн картка"

        @Test(arguments: Scenario.Depth.allCases)
        func hostileMessagesGetHintsAndTheBotKeepsAnswering(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await story.say("/start", from: .olha)
                let longest = String(repeating: "я", count: 4_096)
                #expect(try await story.say(longest, from: .olha) == [Self.noAmount])
                let longEntry = try await story.say("кава \(longest.dropFirst(8)) 85", from: .olha)
                #expect(longEntry.count == 1 && longEntry.first?.hasPrefix("✅ кава яяя") == true, "\(longEntry)")
                #expect(longEntry.first?.hasSuffix("… · 85 ₴ · Кафе · картка") == true)
                #expect(try await story.say("к", from: .olha) == [Self.noAmount])
                #expect(try await story.say("кава 99999999999", from: .olha) == ["Завелика сума — перевірте, будь ласка, число."])
                #expect(try await story.say("кава 85", from: .olha) == ["✅ кава · 85 ₴ · Кафе · картка"])
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                #expect(try story.database().entries.count(householdID: olha.householdID) == 2)
            }
        }
    }
}
