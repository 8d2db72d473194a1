import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// A payment that comes back, said in chat: the item, its schedule and next date, its mode;
/// and what a hostile or clumsy message gets instead, with nothing stored.
@Suite struct RecurringCreationTests {
    let family = try! RecurringFamily()

    func say(_ text: String, from sender: Sender = .olha) throws -> String {
        try family.chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    func items() throws -> [RecurringItem] { try family.chat.ledger.recurring.items(householdID: try family.olha.householdID) }

    @Test func eachWayOfSayingItMakesItsItem() throws {
        family.at("2026-11-23T12:00")  // A Monday.
        #expect(try say("netflix 299 щомісяця") == """
            🔁 Регулярний платіж: netflix · 299 ₴ · щомісяця, 23 числа
            Наступного разу — 23 грудня. Запишу автоматично.
            """)
        #expect(try say("оренда 15000 кожного 5-го").hasPrefix("🔁 Регулярний платіж: оренда · 15 000 ₴ · щомісяця, 5 числа\nНаступного разу — 5 грудня. Нагадаю напередодні й того дня."))
        #expect(try say("спортзал 900 щотижня").contains("спортзал · 900 ₴ · щопонеділка\nНаступного разу — 30 листопада."))
        #expect(try say("страховка 4800 щороку 1 березня").contains("страховка · 4 800 ₴ · щороку, 1 березня\nНаступного разу — 1 березня."))
        #expect(try say("комуналка щомісяця").contains("комуналка · сума щоразу нова · щомісяця, 23 числа"))
        #expect(try say("+30000 зарплата щомісяця 5 числа").contains("Запишу автоматично."))
        #expect(try say("$20 chatgpt щомісяця").contains("chatgpt · 20 $ · щомісяця, 23 числа"))
        let all = try items()
        #expect(all.count == 7)
        #expect(all.first { $0.note == "комуналка" }?.mode == .bill && all.first { $0.note == "комуналка" }?.amount == nil)
        #expect(all.first { $0.note == "зарплата" }?.kind == .income)
        #expect(all.first { $0.note == "оренда" }?.category == "housing")
        #expect(try family.entries().isEmpty, "saying a schedule records nothing yet")
    }

    @Test func theButtonsUnderItSwitchTheModeOrCancelIt() throws {
        family.at("2026-11-23T12:00")
        let made = try family.chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                        text: "netflix 299 щомісяця"))
        let line = try #require(made.first)
        #expect(line.buttons.joined().map(\.title) == ["🔔 Краще нагадувати", "⚙️ Змінити", "✖️ Скасувати"])
        let cancel = try #require(line.buttons.joined().last)
        let cancelled = try family.chat.press(cancel.data, from: .olha, messageID: line.messageID)
        #expect(cancelled.plain.first?.hasPrefix("🗑️ Видалено: netflix") == true, "\(cancelled.plain)")
        #expect(try items().isEmpty)
    }

    @Test func aPrivateOneStaysWithItsAuthor() throws {
        family.at("2026-11-23T12:00")
        try family.chat.say("/start", from: .taras)
        let taras = try #require(try family.chat.ledger.families.member(telegramUserID: Sender.taras.id))
        _ = try family.chat.ledger.families.moveMember(taras, toHousehold: try family.olha.householdID)
        _ = try say("психолог 1200 щотижня #приватно")
        #expect(try items().first?.isPrivate == true)
        #expect(try say("/recurring").contains("психолог"))
        #expect(try say("/recurring", from: .taras).contains("психолог") == false)
    }

    @Test(arguments: [
        ("кава 85 кожного 32-го", "Такого дня немає в календарі."),
        ("страховка 4800 щороку 30 лютого", "Такого дня немає в календарі."),
        ("щомісяця", "Що саме повторюється?"),
        ("кава 85, таксі 120 щомісяця", "Один регулярний платіж на повідомлення"),
        ("обід 250 300 щомісяця", "Один регулярний платіж на повідомлення"),
        ("netflix 9999999999999 щомісяця", "Завелика сума"),
        ("оренда 0 щомісяця", "Сума не може бути нульовою."),
        ("кава 85 щодня, оренда 15000 щомісяця", "В одному повідомленні — один платіж"),
        ("оренда 15000 щомісяця з 1.12.2026 до 1.11.2026", "Кінець раніше за початок."),
        ("зняв готівку 2000 щотижня", "Регулярних переказів"),
    ])
    func aClumsyOrHostileOneStoresNothing(_ text: String, _ answer: String) throws {
        family.at("2026-11-23T12:00")
        let said = try say(text)
        #expect(said.contains(answer), "\(text): \(said)")
        #expect(try items().isEmpty, "\(text)")
        #expect(try family.entries().isEmpty, "\(text)")
    }

    @Test func aTransferBetweenOwnAccountsIsNotMadeARecurringExpense() throws {
        family.at("2026-11-23T12:00")
        try family.chat.say("/accounts add Депозит")
        #expect(try say("переказ 5000 на депозит щомісяця").hasPrefix("Регулярних переказів між вашими рахунками поки не веду"))
        #expect(try items().isEmpty)
        #expect(try family.entries().isEmpty)
    }

    @Test func aHugeNoteIsKeptWithoutBreakingTheButtons() throws {
        family.at("2026-11-23T12:00")
        _ = try say(String(repeating: "дуже довга назва ", count: 200) + "299 щомісяця")
        let made = try #require(try items().first)
        let list = try family.chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/recurring"))
        for button in list.flatMap({ $0.buttons.joined() }) {
            #expect(button.data.utf8.count <= 64 && button.title.count <= 48)
        }
        #expect(made.amount?.minorUnits == 29_900)
    }
}
