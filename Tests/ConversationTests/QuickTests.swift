import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// `/quick`: the family's frequent entries of the last 60 days and a member's own pins, as
/// buttons that carry no words; pinning by the entry parser, and what it refuses.
@Suite struct QuickTests {
    let chat = try! TestConversation(botUsername: "kopiyka_bot")
    static let group: Int64 = -100_777

    /// Оля invites Тарас; the family group is linked. The clock: 2026-11-21 10:00 in Kyiv.
    func family() throws {
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        let payload = try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output
        try chat.say("/start \(payload)", from: .taras)
        _ = try chat.handle(.addedToGroup(ChatRef(id: Self.group, kind: .group), by: .olha))
    }

    /// What `/quick` (or `text`) answers `sender` in their private chat: the text and the buttons.
    func quick(_ sender: Sender = .olha, _ text: String = "/quick") throws -> (text: String, buttons: [[OutboxButton]]) {
        let line = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
            .last { $0.chatID == sender.id })
        return (line.text, line.buttons)
    }

    /// What `sender` is told in private, no-break spaces shown as spaces.
    @discardableResult
    func say(_ text: String, from sender: Sender = .olha) throws -> [String] {
        try chat.say(text, from: sender).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func titles(_ buttons: [[OutboxButton]]) -> [[String]] {
        buttons.map { $0.map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ") } }
    }

    func pins(_ sender: Sender) throws -> [QuickPin] {
        try chat.ledger.quick.pins(memberID: try #require(try chat.ledger.families.member(telegramUserID: sender.id)).id)
    }

    @Test func theFamilysMostFrequentComeAfterTheMembersOwnPins() throws {
        try family()
        for text in ["таксі 120", "таксі 120 готівка", "таксі 120 20.11"] { try say(text, from: .taras) }
        for text in ["кава 85", "кава 85 19.11", "сільпо 450", "кава 1234,5", "кава 1234,5 18.11"] { try say(text) }
        try say("01.11 netflix 10 $")
        try say("01.10 netflix 10 $")
        try say("+150 кешбек 02.11")
        try say("+150 кешбек 02.10")
        #expect(try quick().text == "⚡ Натисніть — і запишу на сьогодні.")
        // таксі ×3 first; then the two-use groups, the latest recorded first; сільпо once is none.
        #expect(titles(try quick().buttons) == [["🚕 таксі 120", "🪙 кешбек +150"], ["📺 netflix 10 $", "☕ кава 1 234,50"],
                                                ["☕ кава 85"]])
        #expect(try say("/quick add обід 250 готівка") == ["📌 Закріплено: обід · 250 ₴ · Кафе · готівка\nЗаписати одним дотиком: /quick"])
        let shown = try quick()
        #expect(shown.text.hasPrefix("⚡ Натисніть — і запишу на сьогодні. Спершу ваші закріплені"))
        #expect(titles(shown.buttons).first == ["☕ обід 250", "✖️"])
        // Тарас sees the family's, without Оля's pin.
        #expect(titles(try quick(.taras).buttons).first == ["🚕 таксі 120", "🪙 кешбек +150"])
        // In English, with the word for it.
        try say("/lang en")
        #expect(titles(try quick(.olha, "quick").buttons).dropFirst().first == ["🚕 таксі 120", "🪙 кешбек +150"])
        #expect(titles(try quick(.olha, "quick").buttons).last == ["☕ кава 85"])
    }

    @Test func onlyTheLastSixtyDaysCountToday() throws {
        try say("/start")
        // 23 September is the window's first day, 22 September the day before it.
        for text in ["вечеря 300 23.09", "вечеря 300 20.11", "сніданок 150 22.09", "сніданок 150 20.11", "обід 250 21.11"] {
            try say(text)
        }
        #expect(titles(try quick().buttons) == [["☕ вечеря 300"]])
        // Two days on, 23 September has left the window; обід is recorded a second time.
        chat.clock.advance(by: 2 * 86_400)
        try say("обід 250")
        #expect(titles(try quick().buttons) == [["☕ обід 250"]])
    }

    @Test func anotherMembersPrivateEntriesNeverBecomeButtons() throws {
        try family()
        for _ in 0..<3 { try say("ліки 3137 #приватно", from: .taras) }
        try say("кава 85")
        try say("кава 85")
        #expect(titles(try quick(.taras).buttons) == [["💊 ліки 3 137 🔒", "☕ кава 85"]])
        let olhas = try quick()
        #expect(titles(olhas.buttons) == [["☕ кава 85"]])
        let inGroup = try chat.say("/quick", from: .taras, inGroup: Self.group)
        #expect(!inGroup.map(\.text).joined().contains("ліки") && !inGroup.flatMap(\.buttons).joined().contains { $0.title.contains("ліки") })
        // No button carries words, and every one fits Telegram's 64 bytes.
        for button in (olhas.buttons + (try quick(.taras).buttons)).joined() {
            #expect(button.data.wholeMatch(of: /qk:[epu]:[0-9]+:[0-9]+/) != nil && button.data.utf8.count <= 64, "\(button.data)")
        }
    }

    @Test func aPinIsAddedByTheEntryParserAndRemovedByNameOrButton() throws {
        try say("/start")
        try say("/accounts add Ощад")
        #expect(try say("/quick add кава 85 Ощад").first?.contains("кава · 85 ₴ · Кафе · Ощад") == true)
        #expect(try say("/quick add кава 85 Ощад") == ["Це вже закріплено: /quick"])
        #expect(try say("/quick add таксі 120 готівка #приватно").first?.contains("таксі · 120 ₴ · Таксі · готівка · 🔒") == true)
        #expect(try pins(.olha).map { "\($0.note) \($0.amount.majorPart) \($0.category) \($0.account?.rawValue ?? "-") \($0.isPrivate)" }
            .elementsEqual(["кава 85 cafe own.", "таксі 120 taxi cash true"]) { $0.hasPrefix($1) })
        #expect(titles(try quick().buttons) == [["☕ кава 85", "✖️"], ["🚕 таксі 120 🔒", "✖️"]])
        #expect(try say("/quick remove Кава") == ["Відкріплено: кава · 85 ₴ · Кафе · Ощад"])
        #expect(try say("/quick remove кава") == ["Такого серед закріплених немає. Що є: /quick"])
        // ✖️ lets go of it and redraws the message it is under.
        let shown = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                                text: "/quick remove")).last)
        #expect(shown.text == "Що відкріпити? Натисніть ✖️ поруч.")
        let pressed = try chat.press(try #require(shown.buttons.first?.last).data, from: .olha, messageID: shown.messageID)
        #expect(pressed.contains { $0.kind == .notice && $0.text == "Відкріплено" })
        #expect(pressed.contains { $0.isEdit && $0.messageID == shown.messageID && $0.buttons.isEmpty })
        #expect(try pins(.olha).isEmpty)
        #expect(try say("/quick") == [
            "Поки нічого запропонувати: тут зʼявляться записи, які в родині роблять найчастіше (хоча б двічі за 60 днів). Закріпити свій уже зараз: /quick add кава 85",
        ])
    }

    @Test func hostileInputPinsNothingAndSaysWhy() throws {
        try say("/start")
        let long = String(repeating: "а", count: 5_000)
        let answers: [(String, String)] = [
            ("/quick add кава", "Скільки? Напишіть із сумою: /quick add кава 85"),
            ("/quick add к", "Скільки? Напишіть із сумою: /quick add к 85"),
            ("/quick add 85", "Що саме закріпити? Напишіть із назвою: /quick add кава 85"),
            ("/quick add кава 99999999999", "Завелика сума"),
            ("/quick add кава 85, таксі 120", "Закріплюю по одному запису"),
            ("/quick add обід 250 300", "Тут кілька чисел"),
            ("/quick add " + long, "Скільки? Напишіть із сумою: /quick add " + String(repeating: "а", count: 39) + "… 85"),
            ("/quick add " + long + " 85", "Задовга назва для кнопки"),
            ("/quick add", "Наприклад: /quick — кнопки"),
            ("/quick " + long, "Наприклад: /quick — кнопки"),
            ("/quick remove " + long, "Закріплених записів ще немає"),
            ("/quick remove", "Закріплених записів ще немає"),
        ]
        for (text, answer) in answers {
            let said = try say(text).joined()
            #expect(said.hasPrefix(answer) && said.count < 400, "\(text.prefix(40)): \(said.prefix(200))")
        }
        #expect(try pins(.olha).isEmpty)
        #expect(try say("/quick add к 5").first?.hasPrefix("📌 Закріплено: к · 5 ₴") == true)
        for index in 2...8 { try say("/quick add кава \(index)") }
        #expect(try say("/quick add чай 40") == ["Закріплено вже 8 записів — більше не вміщу. Відкріпіть один: /quick remove кава"])
        #expect(try pins(.olha).count == 8)
    }

    @Test(arguments: Language.allCases)
    func helpListsQuickInEveryLanguage(_ language: Language) throws {
        let sender = Sender(id: 77, firstName: "Ліна", languageCode: language.rawValue)
        try say("/start", from: sender)
        let help = try say("/help", from: sender).joined(separator: "\n")
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("/quick — ") })
        // The example is the menu's: /help stays one screen.
        #expect(KnownCommand.menu.contains { $0.name == "quick" })
        #expect(chat.catalog[language]("command.description.quick").contains("/quick add"))
    }
}
