import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A bank row of 0 (a card check, `Перевірка картки`; a Monobank item without `amount`) moves
/// no money: it makes no entry and stops nothing. Recording it as an entry of 0 broke the
/// `amount_minor > 0` check, which failed the Monobank window it came in at every read (the
/// card's feed stopped for good) and the whole statement file (given up as damaged).
@Suite struct NoMoneyRowTests {
    let chat = try! TestConversation()

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    func amounts() throws -> [Int64] {
        try chat.ledger.entries.recent(householdID: olha.householdID, limit: 10).map(\.amount.minorUnits)
    }

    func row(_ amount: Int64, id: String, minutesAgo: Double, mcc: Int, hold: Bool = false) -> BankFact {
        BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-60 * minutesAgo),
                 amount: Money(minorUnits: amount, currency: .uah), operationAmount: Money(minorUnits: amount, currency: .uah),
                 mcc: mcc, description: id, balanceAfter: nil, bankID: id, isHold: hold)
    }

    func connect() throws { try chat.connectOlhasCard() }

    @Test func aZeroRowInTheFeedsWindowCostsNothingAndTheCursorMoves() throws {
        try connect()
        let id = try olha.id
        let window = [row(-8_500, id: "coffee", minutesAgo: 5, mcc: 5814), row(0, id: "card-check", minutesAgo: 30, mcc: 5999),
                      row(0, id: "transfer-check", minutesAgo: 40, mcc: 4829)]
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: window, cursor: testNow) }
        #expect(try amounts() == [8_500], "the coffee, and nothing of 0")
        let cursor = try chat.ledger.monobank.accounts(memberID: id).first { $0.accountID == "acc" }?.cursor
        #expect(cursor == testNow, "the window is read: the next starts after it")
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: window, cursor: testNow) }
        #expect(try amounts() == [8_500], "the same window again adds nothing")
    }

    @Test func aHoldSettledAtZeroInTheSameWindowCountsNothing() throws {
        try connect()
        let id = try olha.id
        let window = [row(0, id: "hotel", minutesAgo: 5, mcc: 7011), row(-200_000, id: "hotel", minutesAgo: 60, mcc: 7011, hold: true)]
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: window, cursor: testNow) }
        #expect(try amounts().isEmpty, "an authorisation released is no purchase")
    }

    @Test func aZeroRowInAStatementFileLeavesTheOtherRowsRecorded() throws {
        try chat.say("/start")
        let csv = Data("""
            Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції
            20.11.2026 09:15:00,Aroma Kava,5814,-85.00,-85.00,UAH,—,—,—,1000.00
            19.11.2026 10:00:00,Перевірка картки,5999,0.00,0.00,UAH,—,—,—,1085.00

            """.utf8)
        let member = try olha
        let importID = try chat.ledger.statements.addImport(member: member, chatID: Sender.olha.id, fileID: "f", fileName: "s.csv", progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(importID, data: Array(csv))
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        for job in try chat.handler.dueJobs(source) { try chat.ledger.transaction { try job.perform() } }
        let told = try ConsoleDelivery(ledger: chat.ledger).deliver().filter { $0.chatID == Sender.olha.id }.map(\.text).joined(separator: "\n")
        #expect(told.contains("📄 Виписка Монобанку: 2 операції.") && told.contains("➕ нових записів: 1"), "\(told)")
        #expect(try amounts() == [8_500])
        #expect(try chat.ledger.statements.imports(in: .read).count == 1, "the file is read, not given up")
    }
}
