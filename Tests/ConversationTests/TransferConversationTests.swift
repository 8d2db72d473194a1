import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Transfers in chat: confirmed as transfers, kept out of every total, corrected by reply.
@Suite struct TransferConversationTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    let group: Int64 = -100
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    func spaced(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    func write(_ text: String, from sender: Sender = .olha, messageID: Int64) throws -> ConsoleDelivery.Line {
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                                  messageID: messageID))
        return try #require(lines.last { $0.chatID == sender.id })
    }

    func reply(_ text: String, to line: ConsoleDelivery.Line, from sender: Sender = .olha) throws -> String {
        spaced(try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                             replyToMessageID: line.messageID, isReplyToBot: true)).texts(in: sender.id))
    }

    func household() throws -> Int64 {
        try #require(try chat.ledger.families.member(telegramUserID: olha.id)).householdID
    }

    @Test func aWithdrawalIsConfirmedAsATransferAndNoEntry() throws {
        try chat.say("/start")
        let answer = spaced(try chat.say("зняв готівку 2000"))
        #expect(answer == "🔁 Переказ, не витрата: 2 000 ₴ · картка → готівка")
        #expect(try chat.ledger.entries.count(householdID: try household()) == 0)
        #expect(try chat.ledger.accounts.transferCount(householdID: try household()) == 1)
        #expect(spaced(try chat.say("снял наличные 500")).hasPrefix("🔁 Переказ, не витрата: 500 ₴"))
        try chat.say("/lang en")
        #expect(spaced(try chat.say("withdrew cash 300")) == "🔁 Transfer, not spending: ₴300 · card → cash")
    }

    @Test func anExchangeShowsBothSidesAndMovesBothCurrencies() throws {
        try chat.say("/start")
        let answer = spaced(try chat.say("обміняв 400 $ по 41,3"))
        #expect(answer == "💱 Обмін, не витрата: 400 $ → 16 520 ₴ за курсом 41,3 · готівка → готівка")
        let balance = spaced(try chat.say("баланс"))
        #expect(balance.contains("• готівка: 16 520 ₴ · -400 $"))
        #expect(balance.contains("Без курсу не враховано: -400 $"))
    }

    /// `/report`, `/budget`, `/today` and the family's posts and digest count the purchase only.
    @Test func reportsBudgetsPostsAndTheDigestLeaveTransfersOut() throws {
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression)).lowerBound
        try chat.say("/start \(invite[code...].prefix(17))", from: .taras)
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        _ = try chat.press("fam:mode:instant", from: .olha)
        try chat.say("/budget 100")
        try chat.say("кава 85")
        let transfer = try chat.send(IncomingMessage(chat: me, sender: olha, text: "переказ 5000 на моно"))
        #expect(transfer.texts(in: group).isEmpty)
        #expect(transfer.texts(in: olha.id).count == 1)
        #expect(spaced(try chat.say("/report")).hasPrefix("📊 Листопад 2026\nВитрачено 85 ₴ (1 витрата)"))
        #expect(!spaced(try chat.say("/budget")).contains("5 085"))
        chat.clock.set(Date(timeIntervalSince1970: 1_795_287_600))  // 21:00 in Kyiv
        let digest = spaced(try chat.tick().texts(in: group))
        #expect(digest.contains("Витрачено 85 ₴ (1 витрата)"))
        #expect(!digest.contains("5 000"))
    }

    @Test func aPurchaseStaysAPurchase() throws {
        try chat.say("/start")
        #expect(spaced(try chat.say("зняв квартиру 12000")).hasPrefix("✅"))
        #expect(spaced(try chat.say("кава на картці 85")).hasPrefix("✅"))
        #expect(spaced(try chat.say("переказ мамі 500")).hasPrefix("✅"))
        #expect(try chat.ledger.entries.count(householdID: try household()) == 3)
        #expect(try chat.ledger.accounts.transferCount(householdID: try household()) == 0)
    }

    @Test func aReplyChangesATransfersAmountOrExplains() throws {
        try chat.say("/start")
        let confirmation = try write("зняв готівку 2000", messageID: 600)
        #expect(confirmation.buttons.flatMap { $0 }.map(\.data).allSatisfy { $0.hasPrefix("trf:del:") })
        #expect(try reply("2500", to: confirmation).contains("✏️ Виправлено: переказ 2 500 ₴ · картка → готівка"))
        #expect(try reply("кава", to: confirmation).contains("Це переказ між вашими рахунками"))
        #expect(try chat.ledger.entries.count(householdID: try household()) == 0)
        let balance = spaced(try chat.say("/balance"))
        #expect(balance.contains("• картка: -2 500 ₴"))
        #expect(balance.contains("• готівка: 2 500 ₴"))
        #expect(balance.contains("Разом: 0 ₴"))
        let deleted = try chat.press(confirmation.buttons[0][0].data, from: olha, messageID: confirmation.messageID)
        #expect(spaced(deleted.texts(in: olha.id)).contains("видалено"))
        #expect(try chat.ledger.accounts.transferCount(householdID: try household()) == 0)
    }

    /// An edited withdrawal (`2000` → `3000`) changes the transfer as a reply would, and its
    /// confirmation with it; an edit that changes more than the amount is explained and changes
    /// nothing.
    @Test func anEditChangesATransfersAmountOrExplains() throws {
        try chat.say("/start")
        let confirmation = try write("зняв готівку 2000", messageID: 600)
        let id = try #require(try chat.ledger.accounts.transfer(chatID: olha.id, messageID: confirmation.messageID)).id
        func edit(_ text: String, update: Int64) throws -> [ConsoleDelivery.Line] {
            try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: text, updateID: update, messageID: 600)))
        }
        let edited = try edit("зняв готівку 3000", update: 90)
        #expect(try chat.ledger.accounts.transfer(id: id)?.amount == Money(major: 3000, currency: .uah))
        #expect(edited.map(\.isEdit) == [true])
        #expect(edited.first?.messageID == confirmation.messageID)
        #expect(spaced(edited.texts(in: olha.id)) == "🔁 Переказ, не витрата: 3 000 ₴ · картка → готівка")
        let balance = spaced(try chat.say("/balance"))
        #expect(balance.contains("• картка: -3 000 ₴"))
        #expect(balance.contains("• готівка: 3 000 ₴"))
        let explained = "Переказ не змінено: редагуванням повідомлення можна змінити лише його суму. Щоб змінити інше, видаліть його кнопкою «🗑️ Видалити» і напишіть знову."
        for (update, text) in [(91, "зняв готівку 3000 вчора"), (92, "кава 3000"), (93, "переказ 3000 на моно")] {
            #expect(spaced(try edit(text, update: Int64(update)).texts(in: olha.id)) == explained, "\(text)")
        }
        #expect(try chat.ledger.accounts.transfer(id: id)?.amount == Money(major: 3000, currency: .uah))
        #expect(try chat.ledger.entries.count(householdID: try household()) == 0)
    }

    /// An edit days later reads `вчора` as of the day the transfer was written; an exchange is
    /// not changed by an edit, only explained.
    @Test func anEditDaysLaterKeepsTheDateAndLeavesAnExchange() throws {
        try chat.say("/start")
        _ = try write("зняв готівку 2000 вчора", messageID: 600)
        _ = try write("обміняв 400 $ по 41,3", messageID: 601)
        chat.clock.advance(by: 3 * 86_400)
        func edit(_ text: String, messageID: Int64, update: Int64) throws -> String {
            spaced(try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: text, updateID: update, messageID: messageID)))
                .texts(in: olha.id))
        }
        _ = try edit("зняв готівку 2500 вчора", messageID: 600, update: 90)
        let withdrawal = try #require(try chat.ledger.accounts.transfer(sourceChatID: olha.id, sourceMessageID: 600))
        #expect(withdrawal.amount == Money(major: 2500, currency: .uah))
        #expect(withdrawal.date == LocalDate(year: 2026, month: 11, day: 20))
        #expect(try edit("обміняв 500 $ по 41,3", messageID: 601, update: 91)
                == "Обмін не змінити редагуванням: видаліть його кнопкою «🗑️ Видалити» і напишіть знову.")
        let exchange = try #require(try chat.ledger.accounts.transfer(sourceChatID: olha.id, sourceMessageID: 601))
        #expect(exchange.amount == Money(major: 400, currency: .usd))
    }

    @Test func anotherMembersTransferButtonChangesNothing() throws {
        try chat.say("/start")
        let confirmation = try write("зняв готівку 2000", messageID: 600)
        try chat.say("/start", from: .taras)
        _ = try chat.press(confirmation.buttons[0][0].data, from: .taras, messageID: confirmation.messageID)
        #expect(try chat.ledger.accounts.transferCount(householdID: try household()) == 1)
    }
}
