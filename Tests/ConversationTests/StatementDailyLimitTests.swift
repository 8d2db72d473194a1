import Banking
@testable import Conversation
import Foundation
import KopiykaTestSupport
import Testing

/// A member's statement rows are capped a day: refused files count what reading them cost,
/// so three 20,001-row files use up the day and the next file, however small, waits for
/// tomorrow, in words; nothing of it is stored meanwhile.
@Suite struct StatementDailyLimitTests {
    let base = StatementImportTests()
    var chat: TestConversation { base.chat }

    @Test func refusedFilesCountAndTheNextWaitsForTomorrow() async throws {
        try chat.say("/start")
        let over = try await offThePool { Data(StatementBenchmark.monobankCSV(rows: StatementReader.maximumRows + 1)) }
        for _ in 0..<3 {
            let answer = try base.importStatement(over).last?.replacingOccurrences(of: "\u{A0}", with: " ")
            #expect(answer?.hasPrefix("📄 Виписка задовга: за раз я читаю до 20 000 рядків.") == true, "\(answer ?? "")")
        }
        let refused = try base.importStatement(StatementImportTests.october)
        #expect(refused.last?.replacingOccurrences(of: "\u{A0}", with: " ")
                == "📄 За добу я читаю до 50 000 рядків виписок від однієї людини, і цю межу вже вичерпано. Надішліть файл завтра.",
                "\(refused)")
        #expect(try base.octoberSpending() == 0, "nothing of it is stored")
        chat.clock.advance(by: 86_401)
        let read = try base.importStatement(StatementImportTests.october)
        #expect(read.last?.hasPrefix("📄 Виписка Монобанку") == true, "\(read)")
        #expect(try base.octoberSpending() != 0)
    }
}
