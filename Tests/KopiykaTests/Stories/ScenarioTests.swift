import Conversation
import Foundation
import KopiykaTestSupport
import Testing

extension Stories {
    /// What a depth cannot do fails loudly, and what it can is the same at each depth.
    @Suite struct ScenarioTests {
        @Test func theBinaryCannotMoveTheClockOrRunTheSchedule() async throws {
            try await Scenario.play(at: .binary) { story in
                #expect(throws: Scenario.Unsupported.self) { try story.advanceClock(by: 60) }
                await #expect(throws: Scenario.Unsupported.self) { try await story.runSchedule() }
            }
        }

        @Test func theConversationHasNoProcessToRestart() async throws {
            try await Scenario.play(at: .conversation) { story in
                await #expect(throws: Scenario.Unsupported.self) { try await story.restart() }
            }
        }

        @Test(arguments: [Scenario.Depth.conversation, .botAPI])
        func aButtonThatIsNotThereIsAFailureNotANoOp(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                await #expect(throws: Scenario.Failure.self) { try await story.press("del", from: .olha) }
                try await story.say("кава 85", from: .olha)
                await #expect(throws: Scenario.Failure.self) { try await story.press("Немає такої", from: .olha) }
                #expect(try await story.press("🏷️ Категорія", from: .olha).message?.buttons.isEmpty == false)
            }
        }
    }
}
