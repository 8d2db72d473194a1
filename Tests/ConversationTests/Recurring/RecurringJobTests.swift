import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// Occurrences as jobs: an automatic item recorded on its day once, a week of downtime caught
/// up in one message, a bill reminded the day before and on the day and recorded when paid.
@Suite struct RecurringJobTests {
    let family = try! RecurringFamily()

    @Test func anAutomaticItemIsRecordedOnItsDayOnceAndItsCursorMoves() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 22), mode: .automatic, start: "2026-11-21")
        #expect(try family.jobs().isEmpty)
        family.at("2026-11-22T08:59")
        #expect(try family.jobs().isEmpty, "before 09:00 in Kyiv")
        family.at("2026-11-22T09:00")
        let said = try family.jobs().plain
        #expect(said.first?.hasPrefix("🔁 Регулярний платіж:\n") == true, "\(said)")
        #expect(said.first?.contains("299 ₴") == true)
        #expect(try family.jobs().isEmpty, "asked again the same minute")
        family.at("2026-11-30T12:00")
        #expect(try family.jobs().isEmpty)
        let entries = try family.entries()
        #expect(entries.map(\.date.iso) == ["2026-11-22"])
        #expect(entries.map(\.amount.minorUnits) == [29_900])
        #expect(entries.first?.category == "subscriptions")
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2026-12-22")
    }

    @Test func anEntryItRecordedCanBeDeletedAndIsNotRecordedAgain() throws {
        family.at("2026-11-22T10:00")
        try family.add("Netflix", 29_900, .monthly(day: 22), mode: .automatic, start: "2026-11-21")
        let made = try family.jobs()
        let entry = try #require(try family.entries().first)
        let delete = try #require(made.first?.buttons.joined().first { $0.data == "del:\(entry.id)" }, "\(String(describing: made.first?.buttons))")
        _ = try family.chat.press(delete.data, from: .olha, messageID: made[0].messageID)
        #expect(try family.entries().isEmpty)
        #expect(try family.jobs().isEmpty)
        #expect(try family.entries().isEmpty, "deleted by its member: not made again")
    }

    @Test func aWeekOfDowntimeIsCaughtUpInOneMessageEachDayOnce() throws {
        family.at("2026-11-21T10:00")
        try family.add("проїзний", 1_000, .daily, mode: .automatic, start: "2026-11-22", category: "transport")
        family.at("2026-11-28T21:00")
        let said = try family.jobs().plain
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.hasPrefix("🔁 За час перерви настало 7 регулярних платежів:") == true, "\(said)")
        #expect(try family.entries().map(\.date.iso) == (22...28).map { "2026-11-\($0)" })
        #expect(try family.jobs().isEmpty)
        family.at("2026-11-29T09:00")
        #expect(try family.jobs().count == 1)
        #expect(try family.entries().count == 8)
    }

    @Test func aClockSetBackRepeatsNothing() throws {
        family.at("2026-11-21T10:00")
        try family.add("Netflix", 29_900, .monthly(day: 22), mode: .automatic, start: "2026-11-21")
        family.at("2026-11-22T10:00")
        _ = try family.jobs()
        family.at("2026-11-22T09:05")
        #expect(try family.jobs().isEmpty)
        family.at("2026-11-21T23:00")
        #expect(try family.jobs().isEmpty)
        family.at("2026-11-22T12:00")
        #expect(try family.jobs().isEmpty)
        #expect(try family.entries().count == 1)
    }

    @Test func aBillIsRemindedTheDayBeforeAndOnTheDayAndPaidOnce() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("садочок", 250_000, .monthly(day: 10), mode: .bill, start: "2026-11-21", category: "kids")
        family.at("2026-12-09T09:59")
        #expect(try family.jobs().isEmpty)
        family.at("2026-12-09T10:00")
        let ahead = try family.jobs()
        #expect(ahead.plain == ["🔔 Завтра: садочок 2 500 ₴"])
        #expect(ahead.first?.buttons.joined().map(\.title) == ["✓ Оплачено", "✏️ Інша сума", "⏭️ Пропустити"])
        #expect(try family.jobs().isEmpty, "reminded once the day before")
        family.at("2026-12-10T10:00")
        let today = try family.jobs()
        #expect(today.plain == ["🔔 Сьогодні: садочок 2 500 ₴"])
        #expect(try family.jobs().isEmpty)
        let paid = try #require(today.first?.buttons.joined().first)
        let pressed = try family.chat.press(paid.data, from: .olha, messageID: today[0].messageID)
        #expect(pressed.plain.contains("✓ Оплачено: садочок 2 500 ₴"), "\(pressed.plain)")
        #expect(try family.entries().map(\.amount.minorUnits) == [250_000])
        #expect(try family.entries().map(\.date.iso) == ["2026-12-10"])
        let again = try family.chat.press(paid.data, from: .olha, messageID: today[0].messageID)
        #expect(again.plain.contains("Це вже вирішено."))
        let earlier = try #require(ahead.first?.buttons.joined().first)
        #expect(try family.chat.press(earlier.data, from: .olha, messageID: ahead[0].messageID).plain.contains("Це вже вирішено."))
        #expect(try family.entries().count == 1)
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2027-01-10")
    }

    @Test func aBillPaidFromTheFirstReminderIsNotRemindedAgain() throws {
        family.at("2026-11-21T10:00")
        try family.add("садочок", 250_000, .monthly(day: 10), mode: .bill, start: "2026-11-21", category: "kids")
        family.at("2026-12-09T11:00")
        let ahead = try family.jobs()
        _ = try family.chat.press(try #require(ahead.first?.buttons.joined().first).data, from: .olha, messageID: ahead[0].messageID)
        #expect(try family.entries().map(\.date.iso) == ["2026-12-09"], "paid the day before: dated when paid")
        family.at("2026-12-10T11:00")
        #expect(try family.jobs().isEmpty)
        family.at("2027-01-09T11:00")
        #expect(try family.jobs().plain == ["🔔 Завтра: садочок 2 500 ₴"])
    }

    @Test func aDailyBillIsRemindedOnceADayOnItsDay() throws {
        family.at("2026-11-21T10:00")
        try family.add("обід у школі", 6_000, .daily, mode: .bill, start: "2026-11-22", category: "kids")
        #expect(try family.jobs().isEmpty, "not the day before")
        family.at("2026-11-22T10:00")
        #expect(try family.jobs().plain == ["🔔 Сьогодні: обід у школі 60 ₴"])
        #expect(try family.jobs().isEmpty)
        family.at("2026-11-23T10:00")
        #expect(try family.jobs().plain == ["🔔 Сьогодні: обід у школі 60 ₴"])
    }

    @Test func billsMissedWhileTheBotWasDownAreEachRemindedOnceAsLate() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("спортзал", 90_000, .weekly(.saturday), mode: .bill, start: "2026-11-22", category: "sport")
        family.at("2026-12-13T12:00")  // Down since: 28 November, 5 and 12 December have passed.
        let late = try family.jobs().plain
        #expect(late == ["🔔 Треба було сплатити 28 листопада: спортзал 900 ₴", "🔔 Треба було сплатити 5 грудня: спортзал 900 ₴",
                         "🔔 Треба було сплатити 12 грудня: спортзал 900 ₴"], "\(late)")
        #expect(try family.jobs().isEmpty)
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2026-12-19")
        #expect(try family.entries().isEmpty, "a bill is recorded when answered, not before")
    }

    @Test func anOccurrenceGivenUpIsSkippedAndTheNextOneStillComes() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("Netflix", 29_900, .monthly(day: 22), mode: .automatic, start: "2026-11-21")
        family.at("2026-11-22T10:00")
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "recurring" })
        let jobs = try family.chat.handler.dueJobs(source)
        #expect(jobs.map(\.key.kind) == ["recurring"])
        try jobs.first?.giveUp()
        #expect(try family.chat.ledger.recurring.occurrence(itemID: item.id, date: LocalDate(iso: "2026-11-22")!)?.state == .skipped)
        #expect(try family.jobs().isEmpty)
        family.at("2026-12-22T10:00")
        #expect(try family.jobs().count == 1)
        #expect(try family.entries().map(\.date.iso) == ["2026-12-22"])
    }

    @Test func anotherAmountIsAskedAndAReplyRecordsIt() throws {
        family.at("2026-11-21T10:00")
        try family.add("комуналка", nil, .monthly(day: 21), mode: .bill, start: "2026-11-21", category: "utilities")
        let today = try family.jobs()
        #expect(today.plain == ["🔔 Сьогодні: комуналка"])
        #expect(today.first?.buttons.joined().map(\.title) == ["✏️ Сума", "⏭️ Пропустити"], "no amount: nothing to confirm as it is")
        let other = try #require(today.first?.buttons.joined().first)
        let asked = try family.chat.press(other.data, from: .olha, messageID: today[0].messageID)
        let question = try #require(asked.first { $0.kind == .message })
        #expect(question.text.contains("Скільки сплачено за «комуналка»"))
        let me = ChatRef(id: Sender.olha.id, kind: .privateChat)
        func reply(_ text: String) throws -> [String] {
            try family.chat.send(IncomingMessage(chat: me, sender: .olha, text: text, replyToMessageID: question.messageID, isReplyToBot: true))
                .plain
        }
        let word = try reply("кава")
        #expect(word == ["Напишіть лише суму, наприклад: 2600"], "\(word)")
        #expect(try reply("99999999999999999999").first == "Завелика сума — перевірте, будь ласка, число.")
        #expect(try family.entries().isEmpty)
        #expect(try reply("1 843,20").first?.contains("1 843,20 ₴") == true)
        #expect(try family.entries().map(\.amount.minorUnits) == [184_320])
        #expect(try reply("2000") == ["Це вже вирішено."])
        #expect(try family.entries().count == 1)
    }

    @Test func aSkippedBillRecordsNothingAndTheNextComesNextMonth() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("спортзал", 90_000, .weekly(.saturday), mode: .bill, start: "2026-11-21", category: "sport")
        let today = try family.jobs()
        let pass = try #require(today.first?.buttons.joined().last)
        let passed = try family.chat.press(pass.data, from: .olha, messageID: today[0].messageID)
        #expect(passed.plain.contains("⏭️ Пропущено: спортзал 900 ₴, 21 листопада"), "\(passed.plain)")
        #expect(try family.entries().isEmpty)
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2026-11-28")
    }

    @Test func strangersAndForgedButtonsChangeNothing() throws {
        family.at("2026-11-21T10:00")
        try family.add("садочок", 250_000, .monthly(day: 21), mode: .bill, start: "2026-11-21", category: "kids")
        let today = try family.jobs()
        let paid = try #require(today.first?.buttons.joined().first)
        try family.chat.say("/start", from: .stranger)
        #expect(try family.chat.press(paid.data, from: .stranger).plain.contains("Цього платежу вже немає."))
        for forged in ["rec:paid:1:20261399", "rec:paid:1:2026112", "rec:paid:0:20261121", "rec:paid:-1:20261121", "rec:paid:1",
                       "rec:paid:1:20261121:9", "rec:zz:1", "rec:open", "rec:list:1", "rec:mk:999999", "rec:paid:99999999999999999999:20261121",
                       "rec:paid:1:20261122"] {
            _ = try family.chat.press(forged, from: .olha)
        }
        #expect(try family.entries().isEmpty)
        #expect(try family.chat.press(paid.data, from: .olha, messageID: today[0].messageID).plain.contains("✓ Оплачено: садочок 2 500 ₴"))
    }

    @Test func anItemOfAFormerMemberStops() throws {
        family.at("2026-11-21T10:00")
        try family.chat.say("/start", from: .taras)
        let taras = try #require(try family.chat.ledger.families.member(telegramUserID: Sender.taras.id))
        let joined = try family.chat.ledger.families.moveMember(taras, toHousehold: try family.olha.householdID)
        try family.add("Spotify", 9_900, .monthly(day: 22), mode: .automatic, start: "2026-11-21", by: joined)
        _ = try family.chat.ledger.families.detachMember(joined)
        family.at("2026-11-22T10:00")
        #expect(try family.jobs().isEmpty)
        #expect(try family.entries().isEmpty)
        #expect(try family.chat.ledger.recurring.items(householdID: try family.olha.householdID).isEmpty)
    }
}
