@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// `/monobank` in chat: instructions, a token taken and its message deleted, a wrong one, a
/// refused one, `/monobank off`, and a group where no token is ever read.
@Suite struct MonobankConversationTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let chat = try! TestConversation()

    /// Handles `text` from Оля (message `messageID`), and returns the outbox rows it queued,
    /// before delivering them.
    func send(_ text: String, messageID: Int64, replyTo: Int64? = nil, group: Int64? = nil) throws -> [OutboxContent] {
        let before = try chat.ledger.outbox.pending(limit: 1_000).map(\.id).max() ?? 0
        let chatRef = group.map { ChatRef(id: $0, kind: .group) } ?? ChatRef(id: Sender.olha.id, kind: .privateChat)
        try chat.handler.handle(.message(IncomingMessage(chat: chatRef, sender: .olha, text: text, updateID: messageID,
                                                         messageID: messageID, replyToMessageID: replyTo)))
        return try chat.ledger.outbox.pending(limit: 1_000).filter { $0.id > before }.map(\.content)
    }

    func delivered() throws -> [ConsoleDelivery.Line] { try ConsoleDelivery(ledger: chat.ledger).deliver() }

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    func everythingSaid(_ rows: [OutboxContent]) -> String {
        rows.map { content -> String in
            switch content {
            case .message(let html, _, let buttons), .edit(_, _, let html, let buttons): html + buttons.flatMap { $0 }.map { $0.title + $0.data }.joined()
            case .callbackAnswer(_, let text): text ?? ""
            case .document(_, _, let caption), .photo(_, _, let caption): caption ?? ""
            case .delete: ""
            }
        }.joined(separator: "\n")
    }

    @Test(arguments: [(Sender.olha, "Підключення Монобанку"), (Sender.dmitry, "Подключение Монобанка"), (Sender.anna, "Connecting monobank")])
    func theInstructionsComeInTheMembersLanguage(sender: Sender, title: String) throws {
        try chat.say("/start", from: sender)
        let answer = try chat.say("/monobank", from: sender).joined()
        #expect(answer.contains(title) && answer.contains("api.monobank.ua") && answer.contains("/monobank off"), "\(answer)")
    }

    @Test func aTokenSentAloneIsTakenItsMessageDeletedAndItIsNeverRepeated() throws {
        try chat.say("/start")
        _ = try send("/monobank", messageID: 10)
        let rows = try send(Self.token, messageID: 11)
        #expect(rows.first == .delete(messageID: 11), "the message that held the token goes first")
        #expect(everythingSaid(rows).contains("Токен отримано"))
        #expect(!everythingSaid(rows).contains(Self.token))
        #expect(try chat.ledger.monobank.link(memberID: olha.id)?.state == .checking)
        #expect(try chat.ledger.monobank.feedSources().map(\.token) == [Self.token])
        #expect(try chat.ledger.entries.count(householdID: olha.householdID) == 0, "a token is never an entry")
    }

    @Test func aTokenAfterTheCommandIsTakenToo() throws {
        try chat.say("/start")
        let rows = try send("/monobank \(Self.token)", messageID: 20)
        #expect(rows.first == .delete(messageID: 20))
        #expect(try chat.ledger.monobank.link(memberID: olha.id)?.state == .checking)
    }

    @Test func aWrongAnswerToTheInstructionsIsDeletedAndExplainedAndNothingIsKept() throws {
        try chat.say("/start")
        _ = try send("/monobank", messageID: 30)
        let instructions = try #require(try delivered().last?.messageID)
        let rows = try send("uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1y", messageID: 31, replyTo: instructions)
        #expect(rows.first == .delete(messageID: 31))
        #expect(everythingSaid(rows).contains("не схоже на токен"))
        #expect(try chat.ledger.monobank.link(memberID: olha.id)?.state == .waiting)
        #expect(try chat.say("кава 85").joined().contains("85"), "anything else is still an entry")
    }

    @Test func aTokenTheBankRefusesIsForgottenAndTheMemberToldWhereTheyWereWaiting() throws {
        try chat.say("/start")
        _ = try send(Self.token, messageID: 40)
        _ = try delivered()
        try chat.ledger.transaction { try chat.handler.monobankRefused(memberID: olha.id) }
        let told = try delivered()
        #expect(told.count == 1 && told[0].kind == .edit && told[0].text.contains("не прийняв"), "\(told.map(\.text))")
        #expect(try chat.ledger.monobank.link(memberID: olha.id) == nil)
    }

    @Test func aRevokedTokenIsToldOnceAndItsAccountsFollowedNoMore() throws {
        try chat.say("/start")
        _ = try send(Self.token, messageID: 50)
        try chat.ledger.transaction {
            try chat.handler.monobankChecked(memberID: olha.id, accounts: [
                MonobankAccount(accountID: "acc", kind: .card, label: "*1234", currency: .uah),
                MonobankAccount(accountID: "jar", kind: .jar, label: "На відпустку", currency: .uah),
            ])
        }
        let list = try #require(try delivered().last)
        #expect(list.text.contains("Монобанк підключено") && list.buttons.flatMap { $0 }.map(\.title) == ["💳 *1234 · UAH", "🫙 На відпустку · UAH"])
        let pressed = try chat.press(try #require(list.buttons.first?.first?.data), from: .olha, messageID: list.messageID)
        #expect(pressed.contains { $0.buttons.flatMap { $0 }.first?.title == "✓ 💳 *1234 · UAH" })
        #expect(try chat.ledger.monobank.feedSources().first?.accounts.map(\.accountID) == ["acc"])
        try chat.ledger.transaction { try chat.handler.monobankRefused(memberID: olha.id) }
        try chat.ledger.transaction { try chat.handler.monobankRefused(memberID: olha.id) }
        let told = try delivered().texts(in: Sender.olha.id)
        #expect(told.count == 1 && told[0].contains("більше не приймає"), "\(told)")
        #expect(try chat.ledger.monobank.feedSources().isEmpty)
    }

    @Test func offDeletesTheToken() throws {
        try chat.say("/start")
        _ = try send(Self.token, messageID: 60)
        #expect(try chat.say("/monobank off").joined().contains("відключено"))
        #expect(try chat.ledger.monobank.feedSources().isEmpty)
        #expect(try chat.say("/monobank off").joined().contains("не підключено"))
    }

    @Test func inAGroupOnlyPrivateIsAskedForAndATokenThereIsDeletedNeverRead() throws {
        try chat.say("/start")
        let rows = try send("/monobank \(Self.token)", messageID: 70, group: -100_500)
        #expect(rows.count == 2 && rows.first == .delete(messageID: 70))
        #expect(everythingSaid(rows).contains("лише в особистих"), "\(everythingSaid(rows))")
        #expect(try chat.ledger.monobank.link(memberID: olha.id) == nil)
        let plain = try send("/monobank", messageID: 71, group: -100_500)
        #expect(plain.count == 1 && everythingSaid(plain).contains("лише в особистих"))
    }
}
