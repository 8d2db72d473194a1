import Foundation
import KopiykaTestSupport
import Testing

/// `/archive alerts`: an owner asks, in private, to hear when the server's backups keep
/// failing (the word itself goes out from the bot's backup loop: `BackupLoopTests`).
@Suite struct BackupAlertsTests {
    @Test func anOwnerTurnsWordOfFailingBackupsOnAndOff() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: .olha)
            let invite = try await story.say("/invite", from: .olha).joined()
            let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression)).lowerBound
            try await story.say("/start \(String(invite[code...].prefix(17)))", from: .taras)

            #expect(try await story.say("/archive", from: .olha).joined().contains("Про збої резервних копій на сервері я не пишу"))
            #expect(try await story.say("/archive alerts on", from: .taras).joined().contains("лише власник"))
            #expect(try await story.say("/archive alerts on", from: .olha).joined().contains("Домовилися"))
            #expect(try await story.say("/archive", from: .olha).joined().contains("напишу вам тут"))
            #expect(try await story.say("/archive сповіщення вимкнути", from: .olha).joined().contains("Більше не писатиму"))
            #expect(try await story.say("/archive alerts", from: .olha).joined().contains("я не пишу"))
            #expect(try await story.say("архів сповіщення увімкнути", from: .olha).joined().contains("Домовилися"))
            #expect(try await story.say("/archive alerts maybe", from: .olha).joined().contains("/archive alerts on"))
        }
    }
}
