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

    func spending(_ sender: Sender) throws -> Int64 {
        let october = try #require(YearMonth(year: 2026, month: 10))
        return try chat.ledger.entries.monthTotals(householdID: member(sender).householdID, months: october...october)
            .filter { $0.kind == .expense }.reduce(0) { $0 + $1.amount.minorUnits }
    }

    @Test func aStatementReadBeforeJoiningAFamilyIsNotCountedAgainWhenReadAfter() throws {
        try chat.say("/start", from: .taras)
        _ = try base.importStatement(StatementImportTests.october, from: .taras)
        let once = try spending(.taras)
        try #require(once > 0)
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression))
        try chat.say("/start \(invite[code])", from: .taras)
        try #require(try member(.taras).householdID == member(.olha).householdID)
        #expect(try spending(.taras) == once, "his entries came along")
        let again = try base.importStatement(StatementImportTests.october, from: .taras).joined(separator: "\n")
        #expect(try spending(.taras) == once, "\(again)")
    }

    @Test func sayingARowWasTypedWhenNoTypedEntryIsLeftKeepsItWaiting() throws {
        try chat.say("/start")
        try chat.say("атб 430,04 27.10")
        try chat.say("продукти 430,04 26.10")
        _ = try base.importStatement(StatementImportTests.october)
        let row = try #require(try chat.ledger.statements.waiting(memberID: member().id, limit: 100)
            .first { $0.fact.amount.minorUnits == -43_004 })
        // Both typed entries deleted meanwhile (their ✖ buttons).
        for entry in try chat.ledger.entries.list(sourceChatID: Sender.olha.id, sourceMessageID: 2)
            + chat.ledger.entries.list(sourceChatID: Sender.olha.id, sourceMessageID: 3) {
            try chat.ledger.entries.delete(entryID: entry.id)
        }
        let before = try spending(.olha)
        let answer = try chat.press(ReviewButton(factID: row.id, choice: .typed).encoded, from: .olha)
        #expect(try chat.ledger.statements.fact(id: row.id)?.state == .ambiguous, "\(answer.map(\.text))")
        #expect(try spending(.olha) == before)
    }

    @Test func aTypedPressOnAWaitingRowCountsTheTypedEntryOnly() throws {
        try chat.say("/start")
        _ = try base.importStatement(StatementImportTests.october)
        let row = try #require(try chat.ledger.statements.waiting(memberID: member().id, limit: 100)
            .first { $0.fact.amount.minorUnits < 0 })
        #expect(row.entryID == nil, "a row nobody understood yet is no entry")
        let amount = row.fact.amount.minorUnits.magnitude
        let day = LocalDate(row.fact.time, in: kyiv)
        let before = try spending(.olha)
        try chat.say("переказ \(amount / 100),\(String(format: "%02d", amount % 100)) \(day.day).\(day.month)")
        #expect(try spending(.olha) == before + Int64(amount), "what she typed counts")
        _ = try chat.press(ReviewButton(factID: row.id, choice: .typed).encoded, from: .olha)
        #expect(try spending(.olha) == before + Int64(amount), "and only that")
        #expect(try chat.ledger.statements.fact(id: row.id)?.state == .linked)
    }

    @Test func anIncomeRowIsNeverTakenForATypedExpense() throws {
        try chat.say("/start")
        let csv = StatementImportTests.header + "\n05.10.2026 10:02:11,Від: Іван П.,4829,1200,1200,UAH,—,—,—,5000\n"
        _ = try base.importStatement(Data(csv.utf8))
        let row = try #require(try chat.ledger.statements.waiting(memberID: member().id, limit: 100)
            .first { $0.fact.amount.minorUnits > 0 })
        try chat.say("ремонт 1200 5.10")
        _ = try chat.press(ReviewButton(factID: row.id, choice: .typed).encoded, from: .olha)
        #expect(try chat.ledger.statements.fact(id: row.id)?.state == .ambiguous, "money in is no typed repair")
    }
}
