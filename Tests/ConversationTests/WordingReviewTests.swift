import Conversation
import Foundation
import EntryParsing
import Localization
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The findings of the native speakers' review (docs/wording-review.md), each checked in the
/// chat as people read it, in Ukrainian, Russian and English.
@Suite struct WordingReviewTests {
    let chat = try! TestConversation()

    func say(_ text: String, from sender: Sender) throws -> [String] {
        try chat.say(text, from: sender).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    /// M4: the month's total is not a budget named «Усього за місяць».
    @Test(arguments: [
        (Sender.olha, ["🎯 Бюджет на місяць: 100 ₴.", "⚠️ Місячний бюджет: витрачено 85% — 85 ₴ з 100 ₴.",
                       "🚨 Місячний бюджет вичерпано — 110 ₴ з 100 ₴.", "Бюджет на місяць видалено."]),
        (.dmitry, ["🎯 Бюджет на месяц: 100 ₴.", "⚠️ Месячный бюджет: потрачено 85 % — 85 ₴ из 100 ₴.",
                   "🚨 Месячный бюджет исчерпан — 110 ₴ из 100 ₴.", "Бюджет на месяц удалён."]),
        (.anna, ["🎯 Monthly budget: ₴100.", "⚠️ Monthly budget: 85% spent, ₴85 of ₴100.",
                 "🚨 Monthly budget used up: ₴110 of ₴100.", "Monthly budget removed."]),
    ])
    func theMonthsBudgetHasItsOwnWords(sender: Sender, answers: [String]) throws {
        try chat.say("/start", from: sender)
        #expect(try say("/budget 100", from: sender) == [answers[0]])
        #expect(try say("кава 85", from: sender).last == answers[1])
        #expect(try say("кава 25", from: sender).last == answers[2])
        #expect(try say("/budget 0", from: sender) == [answers[3]])
    }

    /// L13, L14: days left have an anchor; a month that has ended has money unspent, not left.
    @Test(arguments: [
        (Sender.olha, "· ще 10 днів", " не витрачено 2 915 ₴"), (.dmitry, "· ещё 10 дней", " не потрачено 2 915 ₴"),
        (.anna, "· 10 days to go", " ₴2,915 unspent"),
    ])
    func budgetLinesSayWhatIsLeftAndUntilWhen(sender: Sender, daysLeft: String, unspent: String) throws {
        try chat.say("/budget кафе 3000", from: sender)
        try chat.say("кава 85", from: sender)
        #expect(try say("/budget", from: sender).joined().contains(daysLeft))
        chat.clock.advance(by: 15 * 86_400)
        let report = try say("/report 2026-11", from: sender).joined()
        #expect(report.contains(unspent), "\(report)")
    }
}

extension WordingReviewTests {
    /// M6, M8: no gendered past tense from a bot called Копійка; usage lines start with an
    /// example, not «Так:», which reads as «Yes:».
    @Test func theBotSpeaksWithoutGenderAndGivesExamples() throws {
        let uk = chat.catalog[.uk], ru = chat.catalog[.ru], en = chat.catalog[.en]
        #expect(uk("correction.not_understood").hasPrefix("Не розумію виправлення. Відповідайте сумою"))
        #expect(ru("correction.not_understood").hasPrefix("Не понимаю исправление. Ответьте суммой"))
        for key in ["budget.usage", "rate.usage", "export.usage"] {
            #expect(uk(key).hasPrefix("Наприклад: "), "\(key)")
            #expect(ru(key).hasPrefix("Например: "), "\(key)")
        }
        #expect(en("rate.usage") == "Example: <code>/rate usd 41.5</code> — how many hryvnias one dollar is worth. "
            + "Entries in that currency are then converted at this rate.")
        #expect(uk("rate.usage").hasSuffix("Записи в цій валюті буде перераховано за цим курсом."))
    }

    /// M7, L1, L10, L22: ru counts «траты», puts a space before %, and no calques of uk.
    @Test func russianCountsTraty() throws {
        try chat.say("кофе 85", from: .dmitry)
        try chat.say("такси 120", from: .dmitry)
        let report = try say("/report", from: .dmitry).joined()
        #expect(report.contains("Потрачено 205 ₴ (2 траты)"))
        #expect(report.contains("Такси 120 ₴ · 59 % · 1 трата"))
        #expect(!report.contains("расход"))
        #expect(chat.catalog[.ru]("rules.title") == "📚 <b>Запомненные правила</b>")
        #expect(chat.catalog[.ru]("rules.removed") == "Правило удалено")
    }
}

extension WordingReviewTests {
    /// L22 renamed categories (Комунальні послуги, Питомцы): a budget set by the name the
    /// report shows still finds its category, in every language.
    @Test func renamedCategoriesAreFoundByTheNameTheBotShows() throws {
        let parser = EntryParser()
        for language in Language.allCases {
            for key: CategoryKey in ["utilities", "pets"] {
                let name = chat.catalog[language].categoryName(key)
                #expect(parser.category(named: name) == key, "\(language): \(name)")
            }
        }
    }
}

extension WordingReviewTests {
    /// L15: the new owner hears it as \"you\"; L9, L16: whole sentences, and the way to a new
    /// invitation goes through whoever invited them.
    @Test func theNewOwnerIsToldInTheSecondPerson() throws {
        try chat.say("/start", from: .olha)
        let invite = try #require(chat.say("/invite", from: .olha).first)
        let code = try #require(invite.components(separatedBy: "/start ").last?.components(separatedBy: "<").first)
        try chat.say("/start " + code.trimmingCharacters(in: .whitespaces), from: .taras)
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        let lines = try chat.press("fam:own:\(taras.id)", from: .olha)
        #expect(lines.texts(in: Sender.taras.id) == ["👑 Тепер ви власник родини."])
        #expect(try chat.press("fam:own:\(taras.id)", from: .olha).first { $0.kind == .notice }?.text
            == "Це може зробити лише власник родини.")
        #expect(try chat.say("/start join_AAAAAAAAAAAA", from: .anna)
            .first == "That invitation does not exist. Ask the person who invited you to send a new one.")
    }
}

extension WordingReviewTests {
    /// L19, L20: English apostrophes match its curly quotes; symbols that default to text style
    /// ask for the emoji one, as ⚠️ and ✏️ already did.
    @Test func typographyIsConsistent() throws {
        let textStyleByDefault: [Character] = ["\u{21A9}", "\u{2716}", "\u{1F3F7}", "\u{1F5D1}", "\u{1F5D3}", "\u{1F399}",
                                               "\u{26A0}", "\u{270F}", "\u{2699}"]
        for language in Language.allCases {
            let file = try Catalog.locate().appendingPathComponent("\(language.rawValue).json")
            let patterns = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String])
            for (key, pattern) in patterns {
                if language == .en { #expect(!pattern.contains("'"), "en \(key): \(pattern)") }
                for symbol in textStyleByDefault where pattern.contains(symbol) {
                    Issue.record("\(language) \(key): \(symbol) without U+FE0F")
                }
            }
        }
    }
}
