import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A change to an entry that already exists (a reply, a category button, a restore, an edit)
/// can push a month total past `Int64` just as a new entry can. It must be refused in words,
/// like a new entry, and keep everything as it was: not end the update with an SQLite error
/// that the bot retries three times and then apologizes for.
@Suite struct OverflowOnChangeTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }
    static let tooLarge = "Завелика сума — перевірте, будь ласка, число."

    /// Оля at the highest sterling rate with the `cafe` total of November as full as it gets.
    func fullCafe() throws -> Member {
        try chat.say("/start")
        _ = try chat.say("/rate gbp 5500")
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        let entry = NewEntry(kind: .expense, amount: Money(minorUnits: 100_000_000_000, currency: .gbp), category: "cafe",
                             account: nil, date: LocalDate(year: 2026, month: 11, day: 21)!, note: "кава",
                             originalText: "кава 1000000000 £")
        try chat.ledger.transaction {
            for start in stride(from: 0, to: 16_769, by: 200) {
                _ = try chat.ledger.entries.add(Array(repeating: entry, count: min(200, 16_769 - start)), by: member)
            }
        }
        return member
    }

    func write(_ text: String, messageID: Int64) throws -> ConsoleDelivery.Line {
        let lines = try chat.send(IncomingMessage(chat: me, sender: olha, text: text, messageID: messageID))
        return try #require(lines.last { $0.chatID == olha.id && !$0.buttons.isEmpty })
    }

    func entry(sourceMessageID: Int64) throws -> Entry {
        try #require(try chat.ledger.entries.list(sourceChatID: olha.id, sourceMessageID: sourceMessageID).first)
    }

    @Test func aReplyThatOverflowsTheMonthIsRefusedInWords() throws {
        _ = try fullCafe()
        let line = try write("кава 1 £", messageID: 900)
        let answer = try chat.send(IncomingMessage(chat: me, sender: olha, text: "1000000000 £",
                                                   replyToMessageID: line.messageID, isReplyToBot: true))
        #expect(answer.texts(in: olha.id) == [Self.tooLarge])
        #expect(try entry(sourceMessageID: 900).amount == Money(major: 1, currency: .gbp))
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aCategoryButtonThatOverflowsTheMonthIsRefusedInWords() throws {
        _ = try fullCafe()
        let line = try write("таксі 1000000000 £", messageID: 901)
        let id = try entry(sourceMessageID: 901).id
        let answer = try chat.press("cat:\(id):cafe", from: olha, messageID: line.messageID)
        #expect(answer.contains { $0.kind == .notice && $0.text == Self.tooLarge })
        #expect(try chat.ledger.entries.entry(id: id)?.category == "taxi")
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aRestoreThatOverflowsTheMonthIsRefusedInWords() throws {
        let olhaMember = try fullCafe()
        let victim = try #require(try chat.ledger.entries.recent(householdID: olhaMember.householdID, limit: 1).first)
        _ = try chat.ledger.transaction { try chat.ledger.entries.delete(entryID: victim.id) }
        _ = try write("кава 1000000000 £", messageID: 902)
        let answer = try chat.press("undel:\(victim.id)", from: olha)
        #expect(answer.contains { $0.kind == .notice && $0.text == Self.tooLarge })
        #expect(try chat.ledger.entries.entry(id: victim.id) == nil)
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func anEditThatOverflowsTheMonthIsRefusedInWords() throws {
        _ = try fullCafe()
        _ = try write("кава 1 £", messageID: 903)
        let answer = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: "кава 1000000000 £",
                                                             updateID: 99, messageID: 903)))
        #expect(answer.texts(in: olha.id) == [Self.tooLarge])
        #expect(try entry(sourceMessageID: 903).amount == Money(major: 1, currency: .gbp))
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }
}

/// An edit that adds a digit too many, or a date out of bounds, is answered as a new message
/// with it would be, and the entry stays: it used to be deleted without a word.
@Suite struct EditOutOfBoundsTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    @Test(arguments: [
        ("кава 85000000000", "Завелика сума — перевірте, будь ласка, число."),
        ("кава 85 01.01.1999", nil),
    ])
    func anEditOutOfBoundsKeepsTheEntryAndSaysWhy(text: String, answer: String?) throws {
        _ = try chat.send(IncomingMessage(chat: me, sender: olha, text: "кава 85", messageID: 700))
        let lines = try chat.handle(.edited(IncomingMessage(chat: me, sender: olha, text: text, updateID: 90, messageID: 700)))
        let entries = try chat.ledger.entries.list(sourceChatID: olha.id, sourceMessageID: 700)
        #expect(entries.map(\.amount) == [Money(major: 85, currency: .uah)])
        let said = lines.texts(in: olha.id)
        #expect(said.count == 1 && !said[0].isEmpty)
        if let answer { #expect(said == [answer]) }
    }
}

/// A reply with an amount or a date out of bounds says so, as a new message with it would:
/// it used to answer "not understood", which sends people looking for a typo that is not there.
@Suite struct ReplyOutOfBoundsTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    @Test(arguments: [
        ("99999999999", "Завелика сума — перевірте, будь ласка, число."),
        ("01.01.1999", "Перевірте дату: записи можна робити з 2000 року й не більше ніж на рік наперед."),
    ])
    func aReplyOutOfBoundsSaysWhy(text: String, answer: String) throws {
        let lines = try chat.send(IncomingMessage(chat: me, sender: olha, text: "кава 85", messageID: 700))
        let confirmation = try #require(lines.last { !$0.buttons.isEmpty })
        let said = try chat.send(IncomingMessage(chat: me, sender: olha, text: text, replyToMessageID: confirmation.messageID,
                                                 isReplyToBot: true)).texts(in: olha.id)
        #expect(said == [answer])
        #expect(try chat.ledger.entries.list(sourceChatID: olha.id, sourceMessageID: 700).map(\.amount) == [Money(major: 85, currency: .uah)])
    }
}
