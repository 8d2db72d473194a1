@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct ReportCommandTests {
    let chat = try! TestConversation()

    func spaced(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    @Test func reportsTheMonthInTheMembersLanguage() throws {
        try chat.say("кава 85")
        try chat.say("таксі 120")
        let report = spaced(try chat.say("/report"))
        #expect(report.hasPrefix("📊 Листопад 2026\nВитрачено 205 ₴ (2 витрати)"))
        #expect(report.contains("Таксі 120 ₴ · 59% · 1 витрата"))
        try chat.say("/lang en")
        #expect(spaced(try chat.say("/report")).hasPrefix("📊 November 2026\nSpent ₴205 (2 expenses)"))
        #expect(spaced(try chat.say("/report october")).contains("No entries"))
        #expect(spaced(try chat.say("/report someday")).contains("/report 2026-10"))
        #expect(spaced(try chat.say("/report 2026")).contains("November ₴205"))
    }

    @Test func setsListsAndRemovesBudgets() throws {
        try chat.say("/start")
        #expect(spaced(try chat.say("/budget")).contains("/budget кафе 3000"))
        #expect(spaced(try chat.say("/budget кафе 3000")) == "🎯 Бюджет «Кафе»: 3 000 ₴ на місяць.")
        #expect(spaced(try chat.say("/budget 40000")) == "🎯 Бюджет на місяць: 40 000 ₴.")
        try chat.say("кава 85")
        let list = spaced(try chat.say("/budget"))
        #expect(list.contains("Кафе: 85 ₴ з 3 000 ₴"))
        #expect(list.contains("залишилось 2 915 ₴ · 291 ₴ на день · ще 10 днів"))
        #expect(spaced(try chat.say("/budget кафе 0")) == "Бюджет «Кафе» видалено.")
        #expect(spaced(try chat.say("/budget абракадабра 100")).contains("Не знаю категорії «абракадабра»"))
    }

    @Test func aBudgetAlertFiresOncePerThreshold() throws {
        try chat.say("/budget кафе 100")
        #expect(try chat.say("кава 50").count == 1)
        let at80 = try chat.say("кава 35")
        #expect(at80.count == 2)
        #expect(spaced([at80[1]]) == "⚠️ Кафе: витрачено 85% бюджету — 85 ₴ з 100 ₴.")
        #expect(try chat.say("кава 5").count == 1)  // 90 %: 80 % was already said
        let at100 = try chat.say("кава 20")
        #expect(spaced([at100[1]]) == "🚨 Кафе: бюджет вичерпано — 110 ₴ з 100 ₴.")
        #expect(try chat.say("кава 20").count == 1)
    }

    @Test func jumpingPastBothThresholdsSaysOnlyTheLastOne() throws {
        try chat.say("/budget 100")
        let replies = try chat.say("кава 150")
        #expect(replies.count == 2)
        #expect(replies[1].hasPrefix("🚨"))
        #expect(try chat.say("кава 1").count == 1)
    }

    @Test func ratesMakeForeignMoneyCount() throws {
        try chat.say("$20 netflix")
        #expect(spaced(try chat.say("/report")).contains("Без курсу не враховано: 20 $"))
        #expect(spaced(try chat.say("/rate usd 41,5")) == "💱 1 USD = 41,5 ₴. Звіти враховують записи в USD.")
        let report = spaced(try chat.say("/report"))
        #expect(report.contains("Витрачено 830 ₴"))
        #expect(!report.contains("Без курсу"))
        #expect(spaced(try chat.say("/rate uah 2")).contains("/rate usd 41,5"))
    }

    @Test func ratesAreReadAsExactMillionths() {
        #expect(ReportsFeature.micros("41,5") == 41_500_000)
        #expect(ReportsFeature.micros("41.255") == 41_255_000)
        #expect(ReportsFeature.micros("0.000001") == 1)
        #expect(ReportsFeature.micros("1.2345678") == nil)
        #expect(ReportsFeature.micros("abc") == nil)
    }

    /// `-0,5` used to be read as 0.5 (the sign lost with the zero) and echoed back as a
    /// negative rate that was accepted.
    @Test func aRateWithASignIsNotARate() throws {
        #expect(ReportsFeature.micros("-0,5") == nil)
        #expect(ReportsFeature.micros("+41,5") == nil)
        #expect(ReportsFeature.micros("-41") == nil)
        #expect(ReportsFeature.micros("41,+5") == nil)
        try chat.say("/start")
        #expect(try chat.say("/rate usd -0,5").first?.hasPrefix("Наприклад: /rate usd 41,5") == true)
    }
}
