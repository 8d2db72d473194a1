import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A tap under `/quick` records one entry dated today, on the usual account, exactly as a
/// typed one is confirmed and told; a button from elsewhere, or one gone stale, records nothing.
@Suite struct QuickTapTests {
    let chat = try! TestConversation(botUsername: "kopiyka_bot")
    static let group: Int64 = -100_778

    func family() throws {
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: .taras)
        _ = try chat.handle(.addedToGroup(ChatRef(id: Self.group, kind: .group), by: .olha))
    }

    func member(_ sender: Sender) throws -> Member { try #require(try chat.ledger.families.member(telegramUserID: sender.id)) }

    func entries(_ sender: Sender) throws -> [Entry] {
        try chat.ledger.entries.list(householdID: member(sender).householdID,
                                     dates: LocalDate(iso: "2026-01-01")!...LocalDate(iso: "2027-01-01")!)
    }

    /// `sender` sends `/quick` privately and presses the button titled `title` under it.
    func tap(_ title: String, from sender: Sender) throws -> [ConsoleDelivery.Line] {
        let shown = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender,
                                                                text: "/quick")).last)
        let button = try #require(shown.buttons.joined().first { $0.title == title }, "\(shown.buttons)")
        return try chat.press(button.data, from: sender, messageID: shown.messageID)
    }

    func notice(_ lines: [ConsoleDelivery.Line]) -> String? { lines.first { $0.kind == .notice }?.text }

    @Test func aTapRecordsOneEntryTodayOnTheUsualAccountAndTellsTheFamily() throws {
        try family()
        for text in ["таксі 120 готівка", "таксі 120 готівка", "кава 85", "кава 85"] { try chat.say(text, from: .taras) }
        try chat.say("таксі 90 моно")
        try chat.say("/budget кафе 300")
        // 23:30 UTC is 01:30 of 22 November in Kyiv, and the family's last post is long closed.
        chat.clock.set(Date(timeIntervalSince1970: 1_795_303_800))
        let before = try entries(.olha).count

        let taxi = try tap("🚕 таксі 120", from: .olha)
        #expect(taxi.texts(in: Sender.olha.id) == ["✅ таксі · 120 ₴ · Таксі · Монобанк"])
        #expect(taxi.first { $0.chatID == Sender.olha.id && $0.kind == .message }?.buttons.joined().map(\.title) == ["🏷️ Категорія", "🗑️ Видалити"])
        #expect(taxi.texts(in: Self.group) == ["Оля · таксі · 120 ₴ · Таксі · Монобанк"])
        let recorded = try entries(.olha).dropFirst(before)
        #expect(recorded.count == 1)
        let entry = try #require(recorded.first)
        #expect(entry.memberID == (try member(.olha)).id && entry.date == LocalDate(iso: "2026-11-22")
                && entry.amount == Money(major: 120, currency: .uah) && entry.category == "taxi" && entry.note == "таксі"
                && entry.account == .monobank && !entry.isPrivate)

        // Тарас's usual for таксі is cash; Оля never wrote кава: her default card; and a budget tells.
        #expect(try tap("🚕 таксі 120", from: .taras).texts(in: Sender.taras.id) == ["✅ таксі · 120 ₴ · Таксі · готівка"])
        let coffee = try tap("☕ кава 85", from: .olha)
        #expect(coffee.texts(in: Sender.olha.id).first == "✅ кава · 85 ₴ · Кафе · картка")
        #expect(coffee.contains { $0.text.contains("⚠️ Кафе: витрачено 85% бюджету") }, "\(coffee)")
        // A pin keeps the account it named.
        try chat.say("/quick add сільпо 450 готівка")
        #expect(try tap("🛒 сільпо 450", from: .olha).texts(in: Sender.olha.id) == ["✅ сільпо · 450 ₴ · Продукти · готівка"])
        #expect(try entries(.olha).count == before + 4)
    }

    @Test func aTapInTheGroupIsTheTappersAndConfirmedThereOnly() throws {
        try family()
        for _ in 0..<2 { try chat.say("кава 85", from: .taras) }
        chat.clock.advance(by: 600)
        let shown = try #require(try chat.say("/quick", from: .taras, inGroup: Self.group).last { $0.chatID == Self.group })
        let data = try #require(shown.buttons.first?.first).data
        let lines = try chat.handle(.callback(CallbackPress(queryID: "g1", data: data, sender: .olha,
                                                            chat: ChatRef(id: Self.group, kind: .group), messageID: shown.messageID)))
        #expect(lines.texts(in: Self.group) == ["✅ кава · 85 ₴ · Кафе · картка"])
        #expect(try entries(.olha).last?.memberID == (try member(.olha)).id)
    }

    @Test func aForeignOrStaleButtonRecordsNothing() throws {
        try family()
        try chat.say("/start", from: .stranger)
        for text in ["кава 85", "кава 85", "ліки 300 #приватно", "ліки 300 #приватно"] { try chat.say(text, from: .taras) }
        try chat.say("/quick add обід 250", from: .taras)
        let family = try member(.olha).householdID, elsewhere = try member(.stranger).householdID
        let coffee = try #require(try entries(.taras).last { $0.note == "кава" }).id
        let pills = try #require(try entries(.taras).last { $0.note == "ліки" }).id
        let pin = try #require(try chat.ledger.quick.pins(memberID: member(.taras).id).first).id
        let olha = try member(.olha).id, taras = try member(.taras).id
        let counts = { (try chat.ledger.entries.count(householdID: family), try chat.ledger.entries.count(householdID: elsewhere)) }
        let before = try counts()

        let refusals: [(String, Sender, String)] = [
            ("qk:e:\(coffee):\(family)", .stranger, "Цей запис не з вашої родини."),
            ("qk:e:\(coffee):\(elsewhere)", .stranger, "Цей запис не з вашої родини."),
            ("qk:e:\(pills):\(family)", .olha, "🔒 Приватний запис: його бачить лише автор, в особистому чаті зі мною."),
            ("qk:p:\(pin):\(taras)", .olha, "Це закріплене іншим учасником родини."),
            ("qk:p:\(pin):\(olha)", .olha, "Це закріплене іншим учасником родини."),
            ("qk:u:\(pin):\(olha)", .olha, "Цього запису вже немає. Свіжі кнопки: /quick"),
            ("qk:e:999999:\(family)", .olha, "Цього запису вже немає. Свіжі кнопки: /quick"),
        ]
        for (data, sender, answer) in refusals {
            #expect(notice(try chat.press(data, from: sender)) == answer, "\(data) by \(sender.firstName)")
        }
        #expect(try counts() == before)
        #expect(try chat.ledger.quick.pin(id: pin) != nil)

        // The entry a button names is deleted: the button is stale.
        try chat.ledger.entries.delete(entryID: coffee)
        #expect(notice(try chat.press("qk:e:\(coffee):\(family)", from: .olha)) == "Цього запису вже немає. Свіжі кнопки: /quick")
        // Тарас leaves: his old buttons are not his family's any more.
        try chat.say("/leave", from: .taras)
        _ = try chat.press("leave:\(taras):yes", from: .taras)
        let after = try counts()
        let gone = try #require(try entries(.olha).last { $0.note == "кава" }).id
        #expect(notice(try chat.press("qk:e:\(gone):\(family)", from: .taras)) == "Цей запис не з вашої родини.")
        #expect(try counts() == after)
        #expect(try entries(.taras).isEmpty)
    }
}
