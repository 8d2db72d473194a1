import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Statements against what a family does around them: entries deleted or edited after a row
/// was linked to them, a member who joins a family between two statements, a stale or wrong
/// press in `/review`.
@Suite struct StatementAdversaryTests {
    let base = StatementImportTests()
    var chat: TestConversation { base.chat }

    func member(_ sender: Sender = .olha) throws -> Member {
        try #require(try chat.ledger.families.member(telegramUserID: sender.id))
    }

    func facts(_ state: BankFactState) throws -> [StoredBankFact] {
        try chat.ledger.statements.facts(householdID: member().householdID, state: state, limit: 1_000)
    }

    @Test func undoRightAfterAnImportTakesBackARecordedRow() throws {
        try chat.say("/start")
        _ = try base.importStatement(StatementImportTests.october)
        let entries = try chat.ledger.entries.count(householdID: member().householdID)
        try #require(entries > 0)
        let undone = try chat.say("/undo")
        #expect(undone.last?.contains("Скасовано") == true || undone.count == 1, "\(undone)")
        #expect(try chat.ledger.entries.count(householdID: member().householdID) == entries - 1)
        #expect(try facts(.dismissed).count == 1, "the row whose entry she took back is not counted again")
    }

    @Test func editingAwayTheAmountOfATypedEntryAStatementRowIsLinkedToDeletesIt() throws {
        try chat.say("/start")
        try chat.say("атб 284,89 31.10")
        _ = try base.importStatement(StatementImportTests.october)
        try #require(try facts(.linked).count == 1)
        let entries = try chat.ledger.entries.count(householdID: member().householdID)
        _ = try chat.handle(.edited(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                    text: "атб", updateID: 50, messageID: 2)))
        #expect(try chat.ledger.entries.count(householdID: member().householdID) == entries - 1)
        #expect(try facts(.linked).isEmpty)
        let waiting = try chat.ledger.statements.waiting(memberID: member().id, limit: 10)
        #expect(waiting.contains { $0.fact.amount.minorUnits == -28_489 && $0.entryID == nil }, "the bank's purchase asks again")
    }
}
