@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The console's and tests' schedule runs the bot's list of jobs (`Features.jobs`), so a
/// feature's new job runs there with one line in the registry; work a caller steps through
/// itself says so on its `JobSource`.
@Suite struct RunScheduleTests {
    /// A job source that says `text` in chat 7 each time it is asked.
    static func saying(_ text: String, inConsoleSchedule: Bool = true) -> JobSource {
        JobSource(name: text, every: .seconds(60), inConsoleSchedule: inConsoleSchedule) { context in
            [ScheduledJob(key: AttemptKey(kind: text, subject: 7),
                          perform: { _ = try context.ledger.outbox.enqueue(.message(html: text), chatID: 7) }, giveUp: {})]
        }
    }

    @Test func aFeaturesJobAddedToTheListRunsOnTheSchedule() throws {
        let chat = try TestConversation(jobs: Features.jobs + [Self.saying("goals.remind")])
        #expect(try chat.tick().map(\.text) == ["goals.remind"])
    }

    @Test func aJobSteppedApartIsLeftToItsCaller() throws {
        let chat = try TestConversation(jobs: Features.jobs + [Self.saying("goals.remind", inConsoleSchedule: false)])
        #expect(try chat.tick().isEmpty)
        #expect(try chat.runJobs("exports").isEmpty, "nothing to export")
    }

    @Test func onlyExportsAndStatementsAreSteppedApart() {
        #expect(Features.jobs.filter { !$0.inConsoleSchedule }.map(\.name) == ["exports", "statements"])
    }
}
