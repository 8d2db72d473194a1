import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct AmountQuestionStoreTests {
    let clock = TestClock()
    let test: TestLedger
    var ledger: Ledger { test.ledger }

    init() throws { test = try TestLedger(clock: clock.wallClock) }

    func member() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    /// A question keeps its writer and text until answered; the answer keeps when the message
    /// was written, for an edit of it days later.
    @Test func aQuestionIsKeptUntilAnsweredAndItsMomentStays() throws {
        let olha = try member()
        let source = EntrySource(updateID: 7, chatID: 1, messageID: 42)
        let id = try ledger.amountQuestions.add(memberID: olha.id, text: "обід 250 300", source: source)
        let question = try #require(try ledger.amountQuestions.question(id: id))
        #expect(question.memberID == olha.id)
        #expect(question.text == "обід 250 300")
        #expect(question.source == source)
        #expect(try ledger.amountQuestions.questionID(chatID: 1, messageID: 42) == id)
        #expect(try ledger.amountQuestions.questionID(chatID: 2, messageID: 42) == nil)
        #expect(try ledger.amountQuestions.writtenAt(chatID: 1, messageID: 42) == nil)
        clock.advance(by: 3600)
        try ledger.amountQuestions.answer(question)
        #expect(try ledger.amountQuestions.question(id: id) == nil)
        #expect(try ledger.amountQuestions.questionID(chatID: 1, messageID: 42) == nil)
        #expect(try ledger.amountQuestions.writtenAt(chatID: 1, messageID: 42) == question.createdAt)
    }

    /// An unanswered question lives a week: the next one asked after that forgets it. (Its id
    /// may then be given again: SQLite reuses the highest rowid once its row is gone.)
    @Test func aWeekOldQuestionIsForgottenWhenTheNextIsAsked() throws {
        let olha = try member()
        _ = try ledger.amountQuestions.add(memberID: olha.id, text: "обід 250 300", source: EntrySource(chatID: 1, messageID: 1))
        clock.advance(by: 7 * 24 * 3600 + 1)
        let new = try ledger.amountQuestions.add(memberID: olha.id, text: "кава 85 90", source: EntrySource(chatID: 1, messageID: 2))
        #expect(try ledger.amountQuestions.questionID(chatID: 1, messageID: 1) == nil)
        #expect(try ledger.amountQuestions.question(id: new)?.text == "кава 85 90")
    }

    /// Six days on, the question is still there to be answered.
    @Test func aQuestionUnderAWeekOldIsKept() throws {
        let olha = try member()
        let old = try ledger.amountQuestions.add(memberID: olha.id, text: "обід 250 300", source: EntrySource(chatID: 1, messageID: 1))
        clock.advance(by: 6 * 24 * 3600)
        _ = try ledger.amountQuestions.add(memberID: olha.id, text: "кава 85 90", source: EntrySource(chatID: 1, messageID: 2))
        #expect(try ledger.amountQuestions.questionID(chatID: 1, messageID: 1) == old)
    }
}
