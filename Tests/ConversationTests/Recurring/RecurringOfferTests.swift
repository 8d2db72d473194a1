import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// The same note with a similar amount three months running: offered once to be made recurring.
@Suite struct RecurringOfferTests {
    let family = try! RecurringFamily()

    func say(_ text: String, at iso: String, from sender: Sender = .olha) throws -> [ConsoleDelivery.Line] {
        family.at(iso)
        return try family.chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
            .filter { $0.chatID == sender.id }
    }

    func offer(_ lines: [ConsoleDelivery.Line]) -> ConsoleDelivery.Line? {
        lines.first { $0.text.contains("третій місяць поспіль") }
    }

    @Test func theThirdMonthOffersOnceAndYesMakesAMonthlyItem() throws {
        #expect(offer(try say("netflix 299", at: "2026-09-15T12:00")) == nil)
        #expect(offer(try say("Netflix 305", at: "2026-10-14T12:00")) == nil)
        let third = try #require(offer(try say("netflix 299", at: "2026-11-21T12:00")))
        #expect(third.text.replacingOccurrences(of: "\u{A0}", with: " ")
            == "🔁 «netflix» 299 ₴ — уже третій місяць поспіль. Зробити регулярним платежем?")
        let yes = try #require(third.buttons.joined().first)
        let made = try family.chat.press(yes.data, from: .olha, messageID: third.messageID)
        #expect(made.plain.first?.hasPrefix("🔁 Регулярний платіж: netflix · 299 ₴ · щомісяця, 21 числа\nНаступного разу — 21 грудня. Запишу автоматично.") == true,
                "\(made.plain)")
        let items = try family.chat.ledger.recurring.items(householdID: try family.olha.householdID)
        #expect(items.map(\.mode) == [.automatic] && items.map { $0.nextDate?.iso } == ["2026-12-21"])
        _ = try family.chat.press(yes.data, from: .olha, messageID: third.messageID)
        #expect(try family.chat.ledger.recurring.items(householdID: try family.olha.householdID).count == 1, "a second press makes no second item")
        #expect(offer(try say("netflix 299", at: "2026-12-01T12:00")) == nil)
    }

    @Test func noIsKeptAndAGapOrAnotherAmountOffersNothing() throws {
        _ = try say("садочок 2500", at: "2026-09-10T12:00")
        _ = try say("садочок 2500", at: "2026-10-10T12:00")
        let third = try #require(offer(try say("садочок 2500", at: "2026-11-10T12:00")))
        let no = try #require(third.buttons.joined().last)
        #expect(try family.chat.press(no.data, from: .olha, messageID: third.messageID).plain.contains("Добре, більше не пропоную."))
        #expect(offer(try say("садочок 2500", at: "2026-12-10T12:00")) == nil, "declined once, not offered again")
        #expect(try family.chat.ledger.recurring.items(householdID: try family.olha.householdID).isEmpty)

        _ = try say("спортзал 900", at: "2026-08-10T12:00")
        _ = try say("спортзал 900", at: "2026-10-10T12:00")
        #expect(offer(try say("спортзал 900", at: "2026-11-11T12:00")) == nil, "September is missing")
        _ = try say("квіти 500", at: "2026-09-12T12:00")
        _ = try say("квіти 700", at: "2026-10-12T12:00")
        #expect(offer(try say("квіти 500", at: "2026-11-12T12:00")) == nil, "700 is not within 10 % of 500")
    }

    @Test func anotherMembersPrivateEntriesAreNotLookedAt() throws {
        family.at("2026-09-01T12:00")
        try family.chat.say("/start", from: .taras)
        let taras = try #require(try family.chat.ledger.families.member(telegramUserID: Sender.taras.id))
        _ = try family.chat.ledger.families.moveMember(taras, toHousehold: try family.olha.householdID)
        _ = try say("психолог 1200 #приватно", at: "2026-09-05T12:00", from: .taras)
        _ = try say("психолог 1200 #приватно", at: "2026-10-05T12:00", from: .taras)
        #expect(offer(try say("психолог 1200", at: "2026-11-05T12:00")) == nil)
        #expect(offer(try say("психолог 1200 #приватно", at: "2026-11-06T12:00", from: .taras)) == nil,
                "a private entry is offered nothing: the offer would tell the family")
    }
}
