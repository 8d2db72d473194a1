import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A bank is one of the member's accounts: asked once, the first time its rows count, and
/// from the answer on, the bank's rows and typed entries land on that one account.
@Suite struct BankAccountChoiceTests {
    let chat = try! TestConversation()

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    func feed(_ amount: Int64, _ description: String, id: String) throws -> [ConsoleDelivery.Line] {
        let fact = BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-600), amount: Money(minorUnits: amount, currency: .uah),
                            mcc: 5411, description: description, bankID: id)
        let memberID = try olha.id
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: memberID, accountID: "acc", facts: [fact], cursor: testNow) }
        return try ConsoleDelivery(ledger: chat.ledger).deliver().filter { $0.chatID == Sender.olha.id }
    }

    func accounts() throws -> [AccountKey] {
        try chat.ledger.entries.recent(householdID: olha.householdID, limit: 20).map(\.account)
    }

    @Test func theFirstRowsAskWhichAccountTheBankIsAndTheAnswerPutsThemAllThere() throws {
        try chat.connectOlhasCard()
        let asked = try feed(-43_004, "Сільпо", id: "s1")
        let question = try #require(asked.first { $0.text.contains("Монобанк — це який із ваших рахунків") }, "\(asked.map(\.text))")
        let titles = question.buttons.joined().map(\.title)
        #expect(titles.contains("картка") && titles.contains("готівка") && titles.contains("Окремий рахунок «monobank»"), "\(titles)")
        #expect(try accounts() == [.monobank], "until she answers, the bank's own")
        let card = try #require(question.buttons.joined().first { $0.title == "картка" })
        let answer = try chat.press(card.data, from: .olha)
        #expect(answer.contains { $0.text.hasPrefix("✅ Монобанк — це «картка»") }, "\(answer.map(\.text))")
        #expect(try accounts() == [.card], "what it made moved")
        let again = try feed(-8_500, "АТБ", id: "s2")
        #expect(!again.contains { $0.text.contains("який із ваших рахунків") }, "asked once")
        try chat.say("кава 120")
        #expect(try accounts() == [.card, .card, .card], "typed and bank on one account")
        // Тарас, in another family, cannot answer for her.
        try chat.say("/start", from: .taras)
        let forged = try chat.press(BankAccountButton(bank: .monobank, accountID: 0).encoded, from: .taras)
        #expect(try accounts() == [.card, .card, .card], "\(forged.map(\.text))")
    }
}
