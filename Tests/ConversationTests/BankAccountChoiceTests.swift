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

    func feed(_ amount: Int64, _ description: String, id: String, balance: Int64? = nil) throws -> [ConsoleDelivery.Line] {
        let fact = BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-600), amount: Money(minorUnits: amount, currency: .uah),
                            mcc: 5411, description: description, balanceAfter: balance.map { Money(minorUnits: $0, currency: .uah) },
                            bankID: id)
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
        #expect(titles.contains("картка") && titles.contains("готівка") && titles.contains("Окремий рахунок «Монобанк»"), "\(titles)")
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

    /// The bank's balance is its word on the account: /balance shows it beside what Kopiyka
    /// counted, and the difference, never absorbing it.
    @Test func balanceShowsTheBanksWordAndTheDifference() throws {
        try chat.connectOlhasCard(jars: ["Відпустка"])
        let asked = try feed(-43_004, "Сільпо", id: "s1", balance: 1_043_004)
        let card = try #require(asked.flatMap { $0.buttons.joined() }.first { $0.title == "картка" })
        _ = try chat.press(card.data, from: .olha)
        _ = try feed(-8_500, "АТБ", id: "s2", balance: 1_000_000)
        let shown = try chat.say("/balance").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(shown.contains("🏦 за банком 10 000 ₴ · різниця +10 515,04 ₴"), "\(shown)")
        // A jar's row carries the jar's balance, not the card's.
        let jar = BankFact(bank: .monobank, account: "jar-Відпустка", time: testNow.addingTimeInterval(-60), amount: Money(minorUnits: 500_000, currency: .uah),
                           mcc: 4829, description: "З чорної картки", balanceAfter: Money(minorUnits: 2_500_000, currency: .uah), bankID: "j1")
        let memberID = try olha.id
        try chat.ledger.transaction {
            try chat.handler.monobankReceived(memberID: memberID, accountID: "jar-Відпустка", facts: [jar], cursor: testNow)
        }
        #expect(try chat.say("/balance").joined().replacingOccurrences(of: "\u{A0}", with: " ").contains("за банком 10 000 ₴"))
    }
}
