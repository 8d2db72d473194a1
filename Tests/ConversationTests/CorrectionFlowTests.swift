import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct CorrectionFlowTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    /// Olha writes `text` as message `messageID`; returns the confirmation line.
    @discardableResult
    func write(_ text: String, messageID: Int64 = 500) throws -> ConsoleDelivery.Line {
        let lines = try chat.send(IncomingMessage(chat: me, sender: olha, text: text, messageID: messageID))
        return try #require(lines.last { $0.chatID == olha.id && !$0.buttons.isEmpty })
    }

    func reply(_ text: String, to line: ConsoleDelivery.Line) throws -> [String] {
        try chat.send(IncomingMessage(chat: me, sender: olha, text: text, replyToMessageID: line.messageID, isReplyToBot: true))
            .texts(in: olha.id)
    }

    func press(_ data: String, on line: ConsoleDelivery.Line) throws -> [ConsoleDelivery.Line] {
        try chat.press(data, from: olha, messageID: line.messageID)
    }

    func onlyEntry() throws -> Entry {
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        let entries = try chat.ledger.entries.recent(householdID: member.householdID, limit: 10)
        try #require(entries.count == 1)
        return entries[0]
    }

    @Test func everyConfirmationHasCategoryAndDeleteButtonsWithinSixtyFourBytes() throws {
        let line = try write("кава 85")
        let id = try onlyEntry().id
        #expect(line.buttons.flatMap { $0 }.map(\.data) == ["cat:\(id)", "del:\(id)"])
        let several = try write("кава 85, таксі 120", messageID: 501)
        #expect(several.buttons.count == 2)
        let menu = try press(several.buttons[0][0].data, on: several)
        for button in menu.flatMap(\.buttons).flatMap({ $0 }) { #expect(button.data.utf8.count <= 64) }
    }

    @Test func aCategoryIsChangedInPlaceAndLearned() throws {
        let line = try write("фікус 300")
        let entry = try onlyEntry()
        #expect(entry.category == .other)
        let menu = try press("cat:\(entry.id)", on: line)
        #expect(menu.first?.isEdit == true)
        #expect(menu.first?.buttons.last?.map(\.data) == ["cat:\(entry.id):*", "back:\(entry.id)"])
        let all = try press("cat:\(entry.id):*", on: line)
        #expect(all.first?.buttons.flatMap { $0 }.count == CategoryKey.expenses.count + 1)
        let chosen = try press("cat:\(entry.id):home", on: line)
        #expect(chosen.first { $0.isEdit }?.text.replacingOccurrences(of: "\u{A0}", with: " ") == "✅ фікус · 300 ₴ · Дім · картка")
        #expect(chosen.contains { $0.kind == .notice && $0.text == "✓ Дім" })
        #expect(try chat.ledger.entries.entry(id: entry.id)?.category == "home")
        // Learned, in another grammatical form too.
        try write("фікуса 200", messageID: 501)
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.entries.recent(householdID: member.householdID, limit: 1).first?.category == "home")
        let rules = try chat.say("/rules").joined()
        #expect(rules.contains("Дім"))
    }

    @Test func deletingOffersARestoreForAFewMinutes() throws {
        let line = try write("кава 85")
        let entry = try onlyEntry()
        let deleted = try press("del:\(entry.id)", on: line)
        #expect(deleted.first?.text.hasPrefix("🗑\u{FE0F}") == true)
        #expect(deleted.first?.buttons.flatMap { $0 }.map(\.data) == ["undel:\(entry.id)"])
        #expect(try chat.ledger.entries.entry(id: entry.id) == nil)
        _ = try press("undel:\(entry.id)", on: line)
        #expect(try chat.ledger.entries.entry(id: entry.id) == entry)
        _ = try press("del:\(entry.id)", on: line)
        chat.clock.advance(by: 11 * 60)
        #expect(try press("undel:\(entry.id)", on: line).contains { $0.text.contains("не можна") })
        #expect(try chat.ledger.entries.entry(id: entry.id) == nil)
    }

    @Test func aReplyChangesAmountCategoryDateAccountOrDeletes() throws {
        let line = try write("кава 85")
        let id = try onlyEntry().id
        #expect(try reply("120", to: line).last?.contains("Виправлено") == true)
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 120, currency: .uah))
        _ = try reply("таксі", to: line)
        #expect(try chat.ledger.entries.entry(id: id)?.category == "taxi")
        _ = try reply("вчора", to: line)
        #expect(try chat.ledger.entries.entry(id: id)?.date == LocalDate(year: 2026, month: 11, day: 20))
        _ = try reply("готівка", to: line)
        #expect(try chat.ledger.entries.entry(id: id)?.account == .cash)
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 120, currency: .uah))
        #expect(try reply("щось незрозуміле", to: line).last?.contains("Не розумію виправлення") == true)
        _ = try reply("видалити", to: line)
        #expect(try chat.ledger.entries.entry(id: id) == nil)
    }

    @Test func aReplyStillFindsItsEntryAfterTheMessageWasEdited() throws {
        let line = try write("кава 85")
        let id = try onlyEntry().id
        _ = try press("cat:\(id):taxi", on: line)
        _ = try reply("120", to: line)
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 120, currency: .uah))
    }

    @Test func aReplyToSeveralEntriesAsksForTheButtons() throws {
        let line = try write("кава 85, таксі 120")
        #expect(try reply("100", to: line).last?.contains("кнопками") == true)
    }

    @Test func editingTheMessageRereadsItsEntries() throws {
        try write("кава 85", messageID: 700)
        let id = try onlyEntry().id
        var lines = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава 95", updateID: 90, messageID: 700)))
        #expect(lines.first?.isEdit == true)
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 95, currency: .uah))
        #expect(try chat.ledger.entries.entry(id: id)?.originalText == "кава 95")
        lines = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава 95, таксі 120", updateID: 91, messageID: 700)))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 2)
        #expect(lines.first?.text.split(separator: "\n").count == 2)
        _ = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава", updateID: 92, messageID: 700)))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 0)
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func editingAnAddCommandInTheGroupRereadsItsEntry() throws {
        let group: Int64 = -100_900
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: olha))
        _ = try chat.send(IncomingMessage(chat: ChatRef(id: group, kind: .group), sender: olha, text: "/add кава 85", messageID: 77))
        let id = try onlyEntry().id
        _ = try chat.handle(.edited(IncomingMessage(chat: ChatRef(id: group, kind: .group), sender: olha, text: "/add кава 95",
                                                    updateID: 99, messageID: 77)))
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 95, currency: .uah))
        #expect(try chat.ledger.entries.entry(id: id)?.note == "кава")
    }

    /// An edit days later reads the message as of the day it was written, with the writer's
    /// own accounts: `кава 85` stays on its day, `вчора` the day before it, `ощад` an account.
    @Test func anEditDaysLaterKeepsTheMessagesDayAndAccount() throws {
        try chat.say("/start")
        try chat.say("/accounts add Ощад")
        try write("кава 85 ощад", messageID: 700)
        try write("обід 200 вчора", messageID: 701)
        chat.clock.advance(by: 3 * 86_400)
        _ = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава 95 ощад", updateID: 90, messageID: 700)))
        _ = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "обід 250 вчора", updateID: 91, messageID: 701)))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        let entries = try chat.ledger.entries.recent(householdID: member.householdID, limit: 10).sorted { $0.note < $1.note }
        #expect(entries.map(\.note) == ["кава", "обід"])
        #expect(entries.map(\.amount) == [Money(major: 95, currency: .uah), Money(major: 250, currency: .uah)])
        #expect(entries.map(\.date) == [LocalDate(year: 2026, month: 11, day: 21), LocalDate(year: 2026, month: 11, day: 20)])
        #expect(entries.first?.account != member.defaultAccount)
    }

    /// `кава 85 120` may mean 85, 120 or 85 120 ₴: where a new message would ask, an edit to it
    /// keeps the entry as it was and says how to write the amount, and so does a reply.
    @Test func anEditWithTwoPricesKeepsTheEntryAndSaysWhy() throws {
        try write("кава 85", messageID: 700)
        let id = try onlyEntry().id
        let lines = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава 85 120", updateID: 90, messageID: 700)))
        #expect(try chat.ledger.entries.entry(id: id)?.amount == Money(major: 85, currency: .uah))
        #expect(try chat.ledger.entries.entry(id: id)?.originalText == "кава 85")
        #expect(lines.texts(in: olha.id) == ["Тут кілька чисел, тож запис не змінено. Залиште в повідомленні лише суму: кава 85"])
    }

    @Test func aReplyWithTwoPricesKeepsTheEntryAndSaysWhy() throws {
        let line = try write("кава 85")
        let id = try onlyEntry().id
        #expect(try reply("85 120", to: line) == ["Тут кілька чисел, тож запис не змінено. Відповідайте лише сумою: 120"])
        #expect(try reply("таксі 85 120", to: line).count == 1)
        let entry = try #require(try chat.ledger.entries.entry(id: id))
        #expect(entry.amount == Money(major: 85, currency: .uah))
        #expect(entry.category != "taxi")
    }

    @Test func undoRemovesTheLastEntryOfTheDay() throws {
        #expect(try chat.say("/undo").last?.contains("немає") == true)
        try write("кава 85")
        try write("таксі 120", messageID: 501)
        let undone = try chat.say("/undo")
        #expect(undone.last?.hasPrefix("↩\u{FE0F} Скасовано:\n🗑\u{FE0F} таксі") == true)
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.entries.recent(householdID: member.householdID, limit: 5).map(\.note) == ["кава"])
        chat.clock.advance(by: 2 * 86_400)
        #expect(try chat.say("/undo").last?.contains("немає") == true)
    }

    @Test func historyTodayAndWeekListEntriesWithTheirOwnButtons() throws {
        try write("кава 85")
        try write("таксі 120", messageID: 501)
        chat.clock.advance(by: -3 * 86_400)
        try write("квіти 400", messageID: 502)
        chat.clock.advance(by: 3 * 86_400)
        let history = try chat.send(IncomingMessage(chat: me, sender: olha, text: "/history 2"))
        let list = try #require(history.last)
        #expect(list.text.hasPrefix("🕘 Останні 2 записи:\n1. сьогодні · Оля · таксі"))
        #expect(list.buttons.count == 2)
        let today = try chat.say("/today").last?.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(today?.hasPrefix("📅 Сьогодні витрачено 205 ₴ · 2 записи") == true)
        let week = try chat.say("/week").last?.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(week?.hasPrefix("🗓️ За 7 днів витрачено 605 ₴ · 3 записи") == true)
        // The date is said once, at the start of the line.
        #expect(week?.hasSuffix("\n3. 18 листопада · Оля · квіти · 400 ₴ · Подарунки · картка") == true, "\(week ?? "")")
        // A button in a list edits that list, keeping its header.
        let edited = try press(list.buttons[0][1].data, on: list)
        #expect(edited.contains { $0.messageID == list.messageID && $0.text.hasPrefix("🕘 Останні 2 записи:\n🗑\u{FE0F} 1.") })
    }

    @Test(arguments: [(Sender.olha, "🕘 Останній запис:\n1. сьогодні · Оля · кава"),
                      (.dmitry, "🕘 Последняя запись:\n1. сегодня · Дмитрий · кава"), (.anna, "🕘 Latest entry:\n1. today · Anna · кава")])
    func oneEntryIsTheLatestEntry(sender: Sender, title: String) throws {
        try chat.say("кава 85", from: sender)
        #expect(try chat.say("/history 1", from: sender).last?.hasPrefix(title) == true)
        try chat.say("кава 90", from: sender)
        #expect(try chat.say("/history 0", from: sender).last?.hasPrefix(title.components(separatedBy: "\n")[0]) == true)
    }

    @Test(arguments: [(Sender.olha, ["Сьогодні записів ще немає.", "За 7 днів записів немає.", "Записів ще немає."]),
                      (.dmitry, ["Сегодня записей ещё нет.", "За 7 дней записей нет.", "Записей ещё нет."]),
                      (.anna, ["No entries today yet.", "No entries in the last 7 days.", "No entries yet."])])
    func anEmptyListSaysWhatIsEmpty(sender: Sender, answers: [String]) throws {
        try chat.say("/start", from: sender)
        #expect(try ["/today", "/week", "/history"].map { try chat.say($0, from: sender).last } == answers)
    }

    @Test func rulesCanBeRemoved() throws {
        #expect(try chat.say("/rules").last?.contains("Правил ще немає") == true)
        let line = try write("фікус 300")
        _ = try press("cat:\(try onlyEntry().id):home", on: line)
        let rules = try chat.send(IncomingMessage(chat: me, sender: olha, text: "/rules"))
        let view = try #require(rules.last)
        let remove = try #require(view.buttons.first?.first)
        _ = try chat.press(remove.data, from: olha, messageID: view.messageID)
        #expect(try chat.say("/rules").last?.contains("Правил ще немає") == true)
    }

    @Test func anotherHouseholdsEntryCannotBeTouched() throws {
        let line = try write("кава 85")
        let id = try onlyEntry().id
        try chat.say("/start", from: .taras)
        let attempt = try chat.press("del:\(id)", from: .taras, messageID: line.messageID)
        #expect(attempt.contains { $0.text.contains("не з вашої родини") })
        #expect(try chat.ledger.entries.entry(id: id) != nil)
    }

    @Test func theFamilyPostFollowsCorrections() throws {
        let group: Int64 = -100_700
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: olha))
        let line = try write("фікус 300")
        let id = try onlyEntry().id
        let recategorized = try press("cat:\(id):home", on: line)
        #expect(recategorized.texts(in: group) == ["Оля · фікус · 300 ₴ · Дім · картка"])
        let deleted = try press("del:\(id)", on: line)
        #expect(deleted.texts(in: group) == ["🗑\u{FE0F} видалено"])
    }

    @Test func anExportSumsToTheReport() throws {
        try write("кава 85,50")
        try write("таксі 120", messageID: 501)
        try write("=HYPERLINK(\"x\") 10", messageID: 502)
        try write("+30000 зарплата", messageID: 503)
        let started = try chat.say("/export")
        #expect(started.last?.contains("Готую експорт") == true)
        var delivered: [ConsoleDelivery.Line] = []
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        delivered = try ConsoleDelivery(ledger: chat.ledger).deliver()
        let document = try #require(delivered.compactMap(\.document).first)
        #expect(document.name == "kopiyka-2026-11.csv")
        #expect(Array(document.data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let rows = String(decoding: document.data.dropFirst(3), as: UTF8.self).split(separator: "\r\n").map(String.init)
        #expect(rows[0] == "Дата;Хто;Тип (ключ);Тип;Сума;Валюта;Сума в UAH;Категорія (ключ);Категорія;Рахунок (ключ);Рахунок;Примітка")
        #expect(rows.count == 5)
        #expect(rows.contains("2026-11-21;Оля;expense;витрата;85,50;UAH;85,50;cafe;Кафе;card;картка;кава"))
        #expect(rows.contains { $0.hasSuffix(";\"HYPERLINK(\"\"x\"\")\"") })
        let spent = rows.dropFirst().filter { $0.contains(";expense;") }
            .compactMap { Money(decimal: $0.split(separator: ";")[6].replacingOccurrences(of: ",", with: "."), currency: .uah)?.minorUnits }
            .reduce(0, +)
        let report = try chat.say("/report").joined().replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(spent == 21_550)
        #expect(report.contains("Витрачено 215,50 ₴"))
        #expect(delivered.contains { $0.isEdit && $0.text.contains("Експорт готовий: 4 записи") })
    }
}
