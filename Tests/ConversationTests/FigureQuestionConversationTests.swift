import KopiykaTestSupport
import Ledger
import Testing

/// A question about the family's figures is answered from what `/report` shows its asker,
/// private entries of others included only where the report counts them (in its total); other
/// questions record nothing and answer as before.
@Suite struct FigureQuestionConversationTests {
    static func family(_ story: Scenario) async throws {
        try await story.say("/start", from: .olha)
        let invite = try await story.say("/invite", from: .olha).joined()
        let code = try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output
        try await story.say("/start \(code)", from: .taras)
        try await story.say("кава 85", from: .olha)
        try await story.say("кафе 120", from: .taras)
        try await story.say("обід 300 #приватно", from: .taras)
        try await story.say("таксі 150", from: .olha)
    }

    @Test func aCategoryIsAnsweredAsTheReportsLine() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            let answer = try await story.say("скільки витратили на кафе цього місяця?", from: .olha).joined()
            // Taras's private lunch is his own: Olha's answer has the shared 85 + 120 only.
            #expect(answer.contains("205 ₴") && answer.contains("2 витрати"), "\(answer)")
            #expect(answer.contains("/report"))
            let his = try await story.say("скільки витратили на кафе цього місяця?", from: .taras).joined()
            #expect(his.contains("505 ₴") && his.contains("3 витрати"), "\(his)")
            let report = try await story.say("/report", from: .olha).joined()
            #expect(report.contains("205 ₴"), "the same figure as the report's line: \(report)")
        }
    }

    @Test func theMonthsTotalCountsWhatTheReportCounts() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            let answer = try await story.say("а скільки ми взагалі витратили цього місяця", from: .olha).joined()
            #expect(answer.contains("655 ₴") && answer.contains("4 витрати"), "\(answer)")
            let today = try await story.say("скільки на таксі сьогодні?", from: .olha).joined()
            #expect(today.contains("150 ₴") && today.contains("за сьогодні"), "\(today)")
        }
    }

    @Test func questionsItCannotAnswerRecordNothing() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            for question in ["скільки Тарас витратив на кафе?", "скільки вийде 320 + 145?", "скільки коштує кава?"] {
                let answer = try await story.say(question, from: .olha).joined()
                #expect(!answer.contains("💸"), "\(question): \(answer)")
            }
            let entries = try story.database().entries.recent(householdID: 1, limit: 100)
            #expect(entries.count == 4, "nothing recorded")
        }
    }

    @Test func englishAndRussianAreAnswered() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: .anna)
            try await story.say("groceries 40 usd", from: .anna)
            let answer = try await story.say("how much did we spend on groceries this month?", from: .anna).joined()
            #expect(answer.contains("Groceries in November"), "\(answer)")
            try await story.say("/start", from: .dmitry)
            try await story.say("продукты 400", from: .dmitry)
            let russian = try await story.say("сколько потратили на продукты в этом месяце?", from: .dmitry).joined()
            #expect(russian.contains("400") && russian.contains("за ноябрь"), "\(russian)")
        }
    }
}
