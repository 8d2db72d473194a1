import Conversation
import Foundation
import KopiykaTestSupport
import Testing

/// Insights under `/report` and `/health`, from what the family wrote.
@Suite struct InsightChatTests {
    let chat = try! TestConversation()

    func say(_ text: String) throws -> String {
        try chat.say(text).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    @Test func theReportSaysWhatWasKeptAndHowLongSavingsLast() throws {
        try chat.say("/start")
        try chat.say("+40000 зарплата")
        try chat.say("продукти 30000")
        try chat.say("/accounts add Депозит")
        try chat.say("депозит 90000")
        let report = try say("/report")
        #expect(report.contains("💡 Відкладено 25% доходу."), "\(report)")
        #expect(!report.contains("вистачить"), "no full month of spending to average yet: \(report)")
        let health = try say("/health")
        #expect(health.contains("Фінансове здоровʼя: 100 зі 100") || health.contains("<b>100</b>") || health.contains(" 100 зі 100"), "\(health)")
        #expect(health.contains("40 з 40"), "\(health)")
    }

    @Test func withNothingToGoOnTheReportAddsNoInsightAndHealthSaysSo() throws {
        try chat.say("/start")
        try chat.say("кава 85")
        #expect(!(try say("/report")).contains("💡"))
        #expect(try say("/health").contains("замало даних"))
    }
}
