import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// `/recurring` and an item's card: pause, resume, skip the next one, a new amount, the mode,
/// delete; and `/subscriptions` with its costs and duplicates.
@Suite struct RecurringListTests {
    let family = try! RecurringFamily()

    func open(_ item: RecurringItem) throws -> ConsoleDelivery.Line {
        try #require(try family.chat.press("rec:open:\(item.id)", from: .olha).first { $0.kind == .edit })
    }

    func press(_ line: ConsoleDelivery.Line, _ title: String) throws -> [ConsoleDelivery.Line] {
        let button = try #require(line.buttons.joined().first { $0.title == title }, "\(line.buttons)")
        return try family.chat.press(button.data, from: .olha, messageID: line.messageID)
    }

    @Test func theListShowsEachItemWithItsNextDateAndAButtonToOpenIt() throws {
        family.at("2026-11-23T12:00")
        try family.add("Netflix", 29_900, .monthly(day: 23), mode: .automatic, start: "2026-11-24")
        try family.add("садочок", 250_000, .monthly(day: 31), mode: .bill, start: "2026-11-24", category: "kids")
        try family.add("комуналка", nil, .monthly(day: 5), mode: .bill, start: "2026-11-24", category: "utilities")
        let list = try family.chat.say("/recurring").joined().replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(list == """
            🔁 Регулярні платежі
            1. садочок · 2 500 ₴ · щомісяця, в останній день
            Наступного разу — 30 листопада. Нагадаю напередодні й того дня.
            2. комуналка · сума щоразу нова · щомісяця, 5 числа
            Наступного разу — 5 грудня. Нагадаю напередодні й того дня.
            3. Netflix · 299 ₴ · щомісяця, 23 числа
            Наступного разу — 23 грудня. Запишу автоматично.
            """)
        #expect(try family.chat.say("регулярні").joined().hasPrefix("🔁 Регулярні платежі"), "the word without a slash")
    }

    @Test func anEmptyListSaysHowToAddOne() throws {
        #expect(try family.chat.say("/recurring").joined().contains("netflix 299 щомісяця"))
    }

    @Test func pausedItemsWaitAndResumeFromTodayWithoutCatchingUp() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        let paused = try press(try open(item), "⏸️ Пауза")
        #expect(paused.plain.contains { $0.contains("На паузі.") }, "\(paused.plain)")
        family.at("2026-12-26T12:00")
        #expect(try family.jobs().isEmpty)
        let card = try open(item)
        _ = try press(card, "▶️ Продовжити")
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2027-01-25")
        #expect(try family.jobs().isEmpty)
        #expect(try family.entries().isEmpty)
    }

    @Test func skippingTheNextOneMovesItsDateAndRecordsNothingThen() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        let skipped = try press(try open(item), "⏭️ Пропустити наступний")
        #expect(skipped.plain.contains { $0.hasPrefix("⏭️ Платіж 25 листопада пропущено.") }, "\(skipped.plain)")
        family.at("2026-11-25T12:00")
        #expect(try family.jobs().isEmpty)
        family.at("2026-12-25T12:00")
        #expect(try family.jobs().count == 1)
        #expect(try family.entries().map(\.date.iso) == ["2026-12-25"])
    }

    @Test func aNewAmountIsAskedByAReply() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        let asked = try press(try open(item), "✏️ Сума")
        let question = try #require(asked.first { $0.kind == .message })
        #expect(question.text.contains("Яка нова сума для «Netflix»"))
        let answer = try family.chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                          text: "349", replyToMessageID: question.messageID, isReplyToBot: true))
        #expect(answer.plain.first?.hasPrefix("✏️ Суму змінено.\nNetflix · 349 ₴") == true, "\(answer.plain)")
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.amount?.minorUnits == 34_900)
    }

    @Test func theModeSwitchesAndABillWithoutAnAmountCannotBeAutomatic() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        _ = try press(try open(item), "🔔 Краще нагадувати")
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.mode == .bill)
        let asked = try family.add("комуналка", nil, .monthly(day: 5), mode: .bill, start: "2026-11-24", category: "utilities")
        #expect(try open(asked).buttons.joined().contains { $0.title == "🔁 Записувати автоматично" } == false)
        _ = try family.chat.press("rec:auto:\(asked.id)", from: .olha)
        #expect(try family.chat.ledger.recurring.item(id: asked.id)?.mode == .bill, "a forged press cannot break the rule")
    }

    @Test func deletingAsksFirstAndKeepsTheEntriesMade() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 23), mode: .automatic, start: "2026-11-23")
        _ = try family.jobs()
        let question = try press(try open(item), "🗑️ Видалити")
        let asked = try #require(question.first { $0.kind == .edit })
        #expect(asked.text.hasPrefix("Видалити «Netflix · 299"))
        #expect(try family.chat.ledger.recurring.item(id: item.id) != nil)
        _ = try press(asked, "🗑️ Так, видалити")
        #expect(try family.chat.ledger.recurring.item(id: item.id) == nil)
        #expect(try family.entries().count == 1)
        family.at("2026-12-23T12:00")
        #expect(try family.jobs().isEmpty)
    }

    @Test func anotherFamilysItemAndSomeoneElsesPrivateOneStayOutOfReach() throws {
        family.at("2026-11-23T12:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        try family.chat.say("/start", from: .taras)  // A household of his own.
        for action in ["open", "pause", "skip", "del", "delok", "amt", "bill", "cancel"] {
            let said = try family.chat.press("rec:\(action):\(item.id)", from: .taras)
            #expect(said.plain.contains("Цього платежу вже немає."), "\(action): \(said.plain)")
        }
        #expect(try family.chat.ledger.recurring.item(id: item.id) == item)
        #expect(try family.chat.say("/recurring", from: .taras).joined().contains("Netflix") == false)
    }

    @Test func subscriptionsAreSummedAMonthAndAYearAndDuplicatesPointedOut() throws {
        family.at("2026-11-23T12:00")
        try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        try family.add("Spotify", 19_900, .monthly(day: 3), mode: .automatic, start: "2026-11-24")
        try family.add("Apple Music", 16_900, .monthly(day: 9), mode: .automatic, start: "2026-11-24")
        try family.add("iCloud", 4_900, .yearly(month: 3, day: 1), mode: .automatic, start: "2026-11-24")
        try family.add("садочок", 250_000, .monthly(day: 10), mode: .bill, start: "2026-11-24", category: "kids")
        let list = try family.chat.say("/subscriptions").joined().replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(list == """
            📺 Підписки: 671,08 ₴ на місяць · 8 053 ₴ на рік
            • Netflix: 299 ₴ на місяць · 3 588 ₴ на рік
            • Spotify: 199 ₴ на місяць · 2 388 ₴ на рік
            • Apple Music: 169 ₴ на місяць · 2 028 ₴ на рік
            • iCloud: 4,08 ₴ на місяць · 49 ₴ на рік
            ⚠️ Схоже на дубль (музика): Spotify, Apple Music
            """)
    }
}

/// `/report` and `/budget` say what recurring payments are still due this month.
@Suite struct RecurringReportTests {
    let family = try! RecurringFamily()

    @Test func theReportAndTheBudgetCountWhatIsStillDue() throws {
        family.at("2026-11-23T12:00")
        try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        try family.add("оренда", 1_500_000, .monthly(day: 30), mode: .bill, start: "2026-11-24", category: "housing")
        try family.add("комуналка", nil, .monthly(day: 28), mode: .bill, start: "2026-11-24", category: "utilities")
        try family.add("Spotify", 19_900, .monthly(day: 3), mode: .automatic, start: "2026-11-24")  // December.
        try family.add("диск", 1_000, .monthly(day: 26), mode: .automatic, start: "2026-11-24")
        try family.chat.say("кава 100")
        func report() throws -> String { try family.chat.say("/report").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ") }
        let first = try report()
        #expect(first.contains("Ще до сплати цього місяця: 15 309 ₴ (4 платежі)"), "\(first)")
        family.at("2026-11-25T10:00")
        _ = try family.jobs()
        #expect(try report().contains("Ще до сплати цього місяця: 15 010 ₴ (3 платежі)"))
        family.at("2026-11-30T10:00")
        let reminders = try family.jobs()
        #expect(try report().contains("Ще до сплати цього місяця: 15 000 ₴ (2 платежі)"), "both bills reminded, neither paid")
        let rent = try #require(reminders.first { $0.text.contains("оренда") })
        _ = try family.chat.press(try #require(rent.buttons.joined().first).data, from: .olha, messageID: rent.messageID)
        #expect(try report().contains("Ще до сплати цього місяця: 1 платіж"))
        try family.chat.say("/budget 40000")
        let budget = try family.chat.say("/budget").joined(separator: "\n")
        #expect(budget.contains("Ще до сплати цього місяця: 1 платіж"), "\(budget)")
    }

    /// Monthly ones are counted by SQLite, once on their cursor; daily and weekly ones date by
    /// date, each occurrence left in the month.
    @Test func dailyAndWeeklyPaymentsCountEachOccurrenceLeft() throws {
        family.at("2026-11-23T12:00")
        try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        try family.add("обіди", 10_000, .daily, mode: .automatic, start: "2026-11-24")
        try family.add("басейн", 5_000, .weekly(.friday), mode: .automatic, start: "2026-11-24")
        let report = try family.chat.say("/report").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        // Netflix on the 25th, lunch on the 24th to the 30th, the pool on the 27th.
        #expect(report.contains("Ще до сплати цього місяця: 1 049 ₴ (9 платежів)"), "\(report)")
        family.at("2026-11-28T10:00")
        _ = try family.jobs()
        let later = try family.chat.say("/report").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(later.contains("Ще до сплати цього місяця: 200 ₴ (2 платежі)"), "lunch on the 29th and the 30th: \(later)")
    }
}

/// Issue 16's last insight: subscriptions that look duplicated, under `/report`.
@Suite struct DuplicateSubscriptionInsightTests {
    let family = try! RecurringFamily()

    @Test func theReportPointsOutTwoMusicServicesButNotAPrivateOrPausedOne() throws {
        family.at("2026-11-23T12:00")
        try family.chat.say("кава 100")
        let spotify = try family.add("Spotify", 19_900, .monthly(day: 3), mode: .automatic, start: "2026-11-24")
        #expect(try family.chat.say("/report").joined().contains("Схоже на дубль") == false)
        try family.add("Apple Music", 16_900, .monthly(day: 9), mode: .automatic, start: "2026-11-24", isPrivate: true)
        #expect(try family.chat.say("/report").joined().contains("Схоже на дубль") == false, "a private one is nobody else's business")
        try family.add("YouTube Music", 9_900, .monthly(day: 9), mode: .automatic, start: "2026-11-24")
        #expect(try family.chat.say("/report").joined().contains("⚠️ Схоже на дубль (музика): Spotify, YouTube Music"))
        try family.chat.ledger.recurring.setPaused(true, nextDate: spotify.nextDate, itemID: spotify.id)
        #expect(try family.chat.say("/report").joined().contains("Схоже на дубль") == false)
    }
}
