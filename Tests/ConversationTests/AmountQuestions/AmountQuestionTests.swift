import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A message with two plausible amounts is asked about, not guessed: a button per reading, the
/// pressed one recorded once, by its writer only, in the writer's language.
@Suite struct AmountQuestionTests {
    let chat = try! TestConversation(botUsername: "kopiyka_bot")

    func entries(of sender: Sender) throws -> [Entry] {
        let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
        let first = LocalDate(year: 2000, month: 1, day: 1)!, last = LocalDate(year: 2100, month: 1, day: 1)!
        return try chat.ledger.entries.list(householdID: member.householdID, dates: first...last)
    }

    func ask(_ text: String, from sender: Sender) throws -> ConsoleDelivery.Line {
        try chat.say("/start", from: sender)
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
        return try #require(lines.first { $0.chatID == sender.id })
    }

    @Test func theWriterPicksAReadingAndItIsRecordedOnce() throws {
        let question = try ask("обід 250 300", from: .olha)
        #expect(question.text.contains("кілька чисел"))
        let buttons = try #require(question.buttons.first)
        #expect(buttons.map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ") } == ["250 ₴", "300 ₴", "250 300 ₴"])
        #expect(buttons.allSatisfy { $0.data.utf8.count <= 64 && $0.data.hasPrefix("amt:") })
        #expect(try entries(of: .olha).isEmpty)

        let pressed = try chat.press(buttons[0].data, from: .olha, messageID: question.messageID)
        #expect(pressed.texts(in: Sender.olha.id).contains { $0.hasPrefix("✅ обід · 250 ₴") })
        #expect(try entries(of: .olha).map(\.amount) == [Money(minorUnits: 250_00, currency: .uah)])

        let again = try chat.press(buttons[1].data, from: .olha, messageID: question.messageID)
        #expect(again.contains { $0.text.contains("закрите") })
        #expect(try entries(of: .olha).count == 1)
    }

    /// A reading pressed days later is dated as the message was: `вчора` is the day before it
    /// was written, not before the press. TestConversation's clock starts on Saturday the 21st.
    /// A price and its equivalent in hryvnias: each button says its currency, and the one
    /// pressed is recorded in it (the parser asks since fb27b8e; the question is its end to end).
    @Test func twoPricesInTwoCurrenciesAreAskedEachInItsOwn() throws {
        let question = try ask("квиток 50 EUR 2200 грн", from: .olha)
        let buttons = try #require(question.buttons.first)
        #expect(buttons.map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ") } == ["50 €", "2 200 ₴"])
        #expect(try entries(of: .olha).isEmpty)
        _ = try chat.press(buttons[0].data, from: .olha, messageID: question.messageID)
        #expect(try entries(of: .olha).map(\.amount) == [Money(minorUnits: 50_00, currency: .eur)])
    }

    /// Asked about `обід 250 300`, the writer edits the message to `обід 250` instead of pressing:
    /// the edit is recorded and confirmed, and the question's buttons are closed. It went
    /// unanswered (a reviewer's find).
    @Test func anEditThatSettlesTheAmountIsRecordedAndClosesTheQuestion() throws {
        let me = ChatRef(id: Sender.olha.id, kind: .privateChat)
        try chat.say("/start", from: .olha)
        let asked = try chat.send(IncomingMessage(chat: me, sender: .olha, text: "обід 250 300", messageID: 810))
        let question = try #require(asked.first { !$0.buttons.isEmpty })
        let edited = try chat.handle(.edited(IncomingMessage(chat: me, sender: .olha, text: "обід 250", updateID: 9_101, messageID: 810)))
        #expect(edited.texts(in: Sender.olha.id).contains { $0.hasPrefix("✅ обід · 250 ₴") }, "\(edited)")
        #expect(try entries(of: .olha).map(\.amount) == [Money(minorUnits: 250_00, currency: .uah)])
        let pressed = try chat.press(try #require(question.buttons.first?.first).data, from: .olha, messageID: question.messageID)
        #expect(pressed.contains { $0.text.contains("закрите") }, "\(pressed)")
        #expect(try entries(of: .olha).count == 1)
        // Edited again, the message is that entry's: still one entry.
        let again = try chat.handle(.edited(IncomingMessage(chat: me, sender: .olha, text: "обід 250", updateID: 9_102, messageID: 810)))
        #expect(try entries(of: .olha).count == 1, "\(again)")
    }

    @Test func aReadingPressedLaterKeepsTheMessagesDate() throws {
        let question = try ask("обід 250 300 вчора", from: .olha)
        let unsaid = try ask("кава 85 120", from: .olha)
        chat.clock.advance(by: 3 * 86_400)
        _ = try chat.press(try #require(question.buttons.first?.first).data, from: .olha, messageID: question.messageID)
        _ = try chat.press(try #require(unsaid.buttons.first?.first).data, from: .olha, messageID: unsaid.messageID)
        let written = try entries(of: .olha).sorted { $0.note < $1.note }
        #expect(written.map(\.note) == ["кава", "обід"])
        #expect(written.map(\.date) == [LocalDate(year: 2026, month: 11, day: 21), LocalDate(year: 2026, month: 11, day: 20)])
    }

    /// An entry made by a reading pressed days later, then edited: the edit reads the message
    /// as of the day it was written, not the press's (it moved to the press day).
    @Test func anEditOfAPressedReadingKeepsTheMessagesDate() throws {
        let me = ChatRef(id: Sender.olha.id, kind: .privateChat)
        try chat.say("/start", from: .olha)
        let asked = try chat.send(IncomingMessage(chat: me, sender: .olha, text: "обід 250 300", messageID: 811))
        let question = try #require(asked.first { !$0.buttons.isEmpty })
        chat.clock.advance(by: 3 * 86_400)
        _ = try chat.press(try #require(question.buttons.first?.first).data, from: .olha, messageID: question.messageID)
        chat.clock.advance(by: 86_400)
        _ = try chat.handle(.edited(IncomingMessage(chat: me, sender: .olha, text: "обід 260", updateID: 9_111, messageID: 811)))
        let entry = try #require(try entries(of: .olha).first)
        #expect(entry.amount == Money(minorUnits: 260_00, currency: .uah))
        #expect(entry.date == LocalDate(year: 2026, month: 11, day: 21), "the day it was written: \(entry.date)")
    }

    /// The pressed reading is read with its writer's own accounts, as the message was.
    @Test func aPressedReadingKeepsTheWritersOwnAccount() throws {
        try chat.say("/start", from: .olha)
        try chat.say("/accounts add Ощад", from: .olha)
        let question = try ask("обід 250 300 ощад", from: .olha)
        _ = try chat.press(try #require(question.buttons.first?.first).data, from: .olha, messageID: question.messageID)
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let entry = try #require(try entries(of: .olha).first)
        #expect(entry.note == "обід")
        #expect(entry.account != member.defaultAccount)
    }

    @Test func someoneElseCannotAnswer() throws {
        let question = try ask("кава 85 120", from: .olha)
        let data = try #require(question.buttons.first?.first?.data)
        try chat.say("/start", from: .taras)
        let refused = try chat.press(data, from: .taras)
        #expect(refused.contains { $0.text.contains("не до вас") })
        #expect(try entries(of: .olha).isEmpty)
        #expect(try entries(of: .taras).isEmpty)
    }

    @Test func askedInTheWritersLanguage() throws {
        #expect(try ask("обед 250 300", from: .dmitry).text.contains("несколько чисел"))
        #expect(try ask("lunch 85 and 120", from: .anna).text.contains("more than one number"))
    }

    @Test func forgedReadingsAreIgnored() throws {
        let question = try ask("обід 250 300", from: .olha)
        for data in ["amt:999:0", "amt:1:9", "amt:x:0", "amt:1", "amt:1:-1"] {
            _ = try chat.press(data, from: .olha, messageID: question.messageID)
        }
        #expect(try entries(of: .olha).isEmpty)
    }

    @Test func aGroupGetsAHintAndNoButtons() throws {
        let group: Int64 = -100_888
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        #expect(try chat.say("обід 250 300", from: .olha, inGroup: group).isEmpty)
        let hint = try chat.say("/add обід 250 300", from: .olha, inGroup: group)
        #expect(hint.texts(in: group).first?.contains("лише суму") == true)
        #expect(hint.allSatisfy { $0.buttons.isEmpty })
        #expect(try entries(of: .olha).isEmpty)
    }

    @Test func oneClearAmountIsRecordedWithoutAQuestion() throws {
        let line = try ask("2 кави 170", from: .olha)
        #expect(line.text.hasPrefix("✅"))
    }
}
