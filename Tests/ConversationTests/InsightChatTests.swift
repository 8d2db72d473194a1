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
        #expect(report.contains("💡 Поки що не витрачено 25% доходу."), "a running month says so far: \(report)")
        #expect(!report.contains("вистачить"), "no full month of spending to average yet: \(report)")
        let first = try say("/health")
        #expect(first.hasPrefix("Для оцінки ще замало даних") && !first.contains("/savings"),
                "a first day is not 100 of 100, and a savings account exists: \(first)")
        chat.clock.advance(by: 14 * 86_400)  // 5 December: November is a month gone by, yet not a full one
        let health = try say("/health")
        #expect(health.contains("Для оцінки ще рано: місяць лише почався, а повного минулого ще немає. Оцінка буде з 15 грудня"),
                "\(health)")
        chat.clock.advance(by: 10 * 86_400)  // 15 December: half of December
        try chat.say("+40000 зарплата")
        try chat.say("продукти 30000")
        let scored = try say("/health")
        #expect(scored.contains("Фінансове здоровʼя: 100 зі 100") && scored.contains("40 з 40"), "\(scored)")
        #expect(try say("/report 2026-11").contains("💡 Відкладено 25% доходу."), "a past month is a fact")
    }

    @Test func withNothingToGoOnTheReportAddsNoInsightAndHealthSaysSo() throws {
        try chat.say("/start")
        try chat.say("кава 85")
        #expect(!(try say("/report")).contains("💡"))
        #expect(try say("/health").contains("замало даних"))
    }
}
