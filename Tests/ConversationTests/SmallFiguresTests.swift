import Conversation
import Foundation
import KopiykaTestSupport
import Testing

/// Figures below one unit or one percent, and lists cut short, say so instead of a false zero
/// or a count that does not match the lines under it (issue 38).
@Suite struct SmallFiguresTests {
    let chat = try! TestConversation()

    func say(_ text: String, _ sender: Sender) throws -> String {
        try chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    // 21 November: ten days left, today included.
    @Test(arguments: [
        (Sender.olha, "залишилось 5 ₴ · 0,50 ₴ на день · ще 10 днів", "залишилось 0,05 ₴ · ще 10 днів"),
        (.dmitry, "осталось 5 ₴ · 0,50 ₴ в день · ещё 10 дней", "осталось 0,05 ₴ · ещё 10 дней"),
        (.anna, "₴5 left · ₴0.50 a day · 10 days to go", "₴0.05 left · 10 days to go"),
    ])
    func aBudgetsDailyFigureBelowOneUnitShowsItsKopiykasOrNothing(_ sender: Sender, _ kopiykas: String, _ none: String) throws {
        try chat.say("/start", from: sender)
        try chat.say("/budget 100", from: sender)
        try chat.say("кава 95", from: sender)
        let budget = try say("/budget", sender)
        #expect(budget.contains(kopiykas), "\(budget)")
        try chat.say("кава 4,95", from: sender)
        let nearlyAll = try say("/budget", sender)
        #expect(nearlyAll.contains(none), "half a kopiyka a day is no figure: \(nearlyAll)")
    }

    @Test(arguments: [(Sender.olha, " · <1% · "), (.dmitry, " · <1 % · "), (.anna, " · <1% · ")])
    func aCategoryUnderHalfAPercentIsLessThanOnePercentNotZero(_ sender: Sender, _ share: String) throws {
        try chat.say("/start", from: sender)
        try chat.say("кава 100", from: sender)
        try chat.say("ноутбук 45000", from: sender)
        let report = try say("/report", sender)
        #expect(report.contains(share), "\(report)")
        #expect(!report.contains(" · 0% · ") && !report.contains(" · 0 % · "), "\(report)")
    }

    @Test(arguments: [
        (Sender.olha, "📅 Сьогодні витрачено 2 500 ₴ · 25 записів\nПоказано останні 20 з 25."),
        (.dmitry, "📅 Сегодня потрачено 2 500 ₴ · 25 записей\nПоказаны последние 20 из 25."),
        (.anna, "📅 Today: spent ₴2,500 · 25 entries\nShowing the latest 20 of 25."),
    ])
    func todayWithMoreEntriesThanLinesSaysHowManyItShows(_ sender: Sender, _ header: String) throws {
        try chat.say("/start", from: sender)
        for _ in 1...25 { try chat.say("кава 100", from: sender) }
        let today = try say("/today", sender)
        #expect(today.hasPrefix(header), "\(today)")
        #expect(today.split(separator: "\n").filter { $0.first?.isNumber == true }.count == 20)
    }
}
