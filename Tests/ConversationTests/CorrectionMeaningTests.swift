import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// Corrections that do what they say (issue 13): expense ↔ income, a date that reads as a
/// date, no "fixed" for nothing, rules from the words that decide, `/leave` that asks first.
@Suite struct CorrectionMeaningTests {
    let chat = try! TestConversation()

    func sender(_ language: Language) -> Sender {
        Sender(id: 5_000 + Int64(Language.allCases.firstIndex(of: language) ?? 0), firstName: "Марта",
               languageCode: language.rawValue)
    }

    /// `sender` writes `text`; returns the confirmation and the only entry it made.
    func write(_ text: String, from sender: Sender = .olha) throws -> (line: ConsoleDelivery.Line, entry: Entry) {
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
        let line = try #require(lines.last { $0.chatID == sender.id && !$0.buttons.isEmpty })
        let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
        let entry = try #require(try chat.ledger.entries.recent(householdID: member.householdID, limit: 1).first)
        return (line, entry)
    }

    func reply(_ text: String, to line: ConsoleDelivery.Line, from sender: Sender = .olha) throws -> String {
        try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                      replyToMessageID: line.messageID, isReplyToBot: true))
            .texts(in: sender.id).joined(separator: "\n")
    }

    @Test(arguments: [(Language.uk, "дохід", "витрата"), (.ru, "доход", "расход"), (.en, "income", "expense")])
    func aReplyTurnsAnExpenseIntoIncomeAndBack(_ language: Language, _ income: String, _ expense: String) throws {
        let (line, entry) = try write("OLX 800", from: sender(language))
        #expect(entry.kind == .expense)
        _ = try reply(income, to: line, from: sender(language))
        var changed = try #require(try chat.ledger.entries.entry(id: entry.id))
        #expect(changed.kind == .income && changed.category.kind == .income, "\(changed)")
        #expect(changed.amount == entry.amount)
        _ = try reply(expense, to: line, from: sender(language))
        changed = try #require(try chat.ledger.entries.entry(id: entry.id))
        #expect(changed.kind == .expense && changed.category.kind == .expense, "\(changed)")
    }

    @Test func namingAnIncomeCategoryMakesItIncome() throws {
        let (line, entry) = try write("мама дала 500")
        let answer = try reply("зарплата", to: line)
        #expect(answer.contains("Виправлено: мама дала · +500 ₴ · Зарплата"), "\(answer)")
        #expect(try chat.ledger.entries.entry(id: entry.id)?.kind == .income)
    }

    @Test func theButtonsTurnAnExpenseIntoIncomeAndBack() throws {
        let (line, entry) = try write("допомога на дитину 860")
        let menu = try chat.press("cat:\(entry.id)", from: .olha, messageID: line.messageID)
        let button = try #require(menu.flatMap(\.buttons).flatMap { $0 }.first { $0.data == "kind:\(entry.id)" })
        #expect(button.title == "💰 Це дохід")
        let switched = try chat.press(button.data, from: .olha, messageID: line.messageID)
        #expect(try chat.ledger.entries.entry(id: entry.id)?.kind == .income)
        #expect(switched.contains { $0.isEdit && $0.text.hasPrefix("💰 допомога на дитину · +860") }, "\(switched)")
        // The menu now offers income categories and the way back.
        let offered = switched.last { $0.isEdit }?.buttons.flatMap { $0 } ?? []
        #expect(offered.contains { $0.data == "cat:\(entry.id):salary" })
        #expect(offered.contains { $0.title == "💸 Це витрата" })
        _ = try chat.press("kind:\(entry.id)", from: .olha, messageID: line.messageID)
        #expect(try chat.ledger.entries.entry(id: entry.id)?.kind == .expense)
    }

    @Test(arguments: Language.allCases)
    func aReplyThatReadsAsADateSetsTheDate(_ language: Language) throws {
        let (line, entry) = try write("шаурма 120", from: sender(language))
        _ = try reply("12.11", to: line, from: sender(language))
        let changed = try #require(try chat.ledger.entries.entry(id: entry.id))
        #expect(changed.date == LocalDate(year: 2026, month: 11, day: 12))
        #expect(changed.amount == entry.amount)
        _ = try reply("12,11", to: line, from: sender(language))
        #expect(try chat.ledger.entries.entry(id: entry.id)?.amount == Money(minorUnits: 1_211, currency: .uah))
    }

    @Test(arguments: [(Language.uk, "Без змін"), (.ru, "Без изменений"), (.en, "No change")])
    func aCorrectionThatChangesNothingSaysSo(_ language: Language, _ words: String) throws {
        let (line, entry) = try write("кава 85", from: sender(language))
        let answer = try reply("кафе", to: line, from: sender(language))
        #expect(answer.hasPrefix(words), "\(answer)")
        #expect(!answer.contains("✏️"))
        #expect(try chat.ledger.entries.entry(id: entry.id) == entry)
        #expect(try reply("85", to: line, from: sender(language)).hasPrefix(words))
    }

    @Test func aRuleFromSeveralWordsNeedsThemAll() throws {
        let (line, entry) = try write("мийка вікон 600")
        #expect(entry.category == "car")
        _ = try chat.press("cat:\(entry.id):home", from: .olha, messageID: line.messageID)
        #expect(try write("вікон мийку 500").entry.category == "home")
        #expect(try write("мийка 300").entry.category == "car")  // the car wash stays a car wash
        #expect(try write("вікон 9000").entry.category != "home")
        #expect(try chat.say("/rules").joined().contains("вікон… мийк…"))
    }

    @Test func aRuleFromOneWordIsLearnedFromANoteOfThatWordAlone() throws {
        let (line, entry) = try write("фікус 300")
        _ = try chat.press("cat:\(entry.id):home", from: .olha, messageID: line.messageID)
        #expect(try write("фікуса 200").entry.category == "home")
    }

    @Test func choosingTheCategoryAnEntryHasLearnsNothing() throws {
        let (line, entry) = try write("шаурма 120")
        let answer = try chat.press("cat:\(entry.id):\(entry.category.rawValue)", from: .olha, messageID: line.messageID)
        #expect(answer.contains { $0.kind == .notice })
        #expect(try chat.say("/rules").joined().contains("Правил ще немає"))
    }

    @Test(arguments: Language.allCases)
    func leavingAsksFirstAndTheFamilyKeepsItsHistory(_ language: Language) throws {
        let owner = sender(language)
        try chat.say("/start", from: owner)
        let invite = try chat.say("/invite", from: owner).joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: .taras)
        try chat.say("велосипед 500", from: .taras)
        let question = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.taras.id, kind: .privateChat),
                                                                  sender: .taras, text: "/leave")).last)
        #expect(question.text.contains("залишиться в її історії"))
        let family = try #require(try chat.ledger.families.member(telegramUserID: owner.id)).householdID
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        #expect(taras.householdID == family)
        #expect(question.buttons.flatMap { $0 }.map(\.data) == ["leave:\(taras.id):yes", "leave:\(taras.id):no"])
        _ = try chat.press("leave:\(taras.id):no", from: .taras, messageID: question.messageID)
        #expect(try chat.ledger.families.member(id: taras.id)?.householdID == family)
        // Only the one asked can answer.
        _ = try chat.press("leave:\(taras.id):yes", from: owner, messageID: question.messageID)
        #expect(try chat.ledger.families.member(id: taras.id)?.householdID == family)
        let done = try chat.press("leave:\(taras.id):yes", from: .taras, messageID: question.messageID)
        #expect(done.contains { $0.isEdit && $0.text.contains("залишилося в її історії") })
        #expect(try chat.ledger.families.member(id: taras.id)?.householdID != family)
        let report = try chat.say("/report", from: owner).joined().replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(report.contains("500"), "\(report)")
        #expect(try chat.say("/history", from: owner).joined().contains("Тарас · велосипед"))
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func whatAMemberBroughtGoesBackWithThemWhenTheyLeave() throws {
        try chat.say("таксі 120", from: .taras)  // alone, before joining
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: .taras)
        try chat.say("велосипед 500", from: .taras)
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        _ = try chat.press("leave:\(taras.id):yes", from: .taras)
        let alone = try #require(try chat.ledger.families.member(id: taras.id))
        #expect(try chat.ledger.entries.recent(householdID: alone.householdID, limit: 10).map(\.note) == ["таксі"])
        #expect(try chat.ledger.entries.recent(householdID: taras.householdID, limit: 10).map(\.note) == ["велосипед"])
    }
}
