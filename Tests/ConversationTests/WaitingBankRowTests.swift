import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A bank row the bot does not understand yet counts nowhere until its member says what it
/// was; a move between the member's own cards and jars is understood without asking.
@Suite struct WaitingBankRowTests {
    let chat = try! TestConversation()
    let november = YearMonth(iso: "2026-11")!

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    func row(_ amount: Int64, _ description: String, id: String, mcc: Int = 4829) -> BankFact {
        BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-3_600), amount: Money(minorUnits: amount, currency: .uah),
                 mcc: mcc, description: description, bankID: id)
    }

    /// The feed brings `facts`; returns what every chat received.
    @discardableResult
    func feed(_ facts: [BankFact]) throws -> [ConsoleDelivery.Line] {
        let id = try olha.id
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: facts, cursor: testNow) }
        return try ConsoleDelivery(ledger: chat.ledger).deliver()
    }

    func totals() throws -> (spent: Int64, income: Int64) {
        let totals = try chat.ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
        return (totals.filter { $0.kind == .expense }.map(\.amount.minorUnits).reduce(0, +),
                totals.filter { $0.kind == .income }.map(\.amount.minorUnits).reduce(0, +))
    }

    func state(_ id: String) throws -> BankFactState? {
        try chat.ledger.statements.facts(householdID: olha.householdID, state: .transfer, limit: 100).contains { $0.fact.bankID == id }
            ? .transfer : chat.ledger.statements.waiting(memberID: olha.id, limit: 100).contains { $0.fact.bankID == id } ? .ambiguous : nil
    }

    @Test func movesToHerOwnJarAndFromHerOwnCardAreTransfersWithoutAsking() throws {
        try chat.connectOlhasCard(jars: ["Відпустка"])
        try chat.say("кава 85")
        try feed([row(-500_000, "На банку «Відпустка»", id: "jar"), row(300_000, "Переказ зі своєї карти 5375 **** **** 9876", id: "own")])
        #expect(try state("jar") == .transfer && state("own") == .transfer)
        #expect(try totals() == (8_500, 0), "neither donations nor income")
        let report = try chat.say("/report").joined(separator: "\n")
        #expect(!report.contains("⏳") && !report.contains("5 000"), "\(report)")
    }

    @Test func aRowNotUnderstoodCountsNowhereAndTheFiguresSayItWaits() throws {
        try chat.connectOlhasCard()
        try chat.say("/budget 1000")
        try chat.say("кава 85")
        let group: Int64 = -5_001
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        let told = try feed([row(-500_000, "На банку «На дрон»", id: "gift"), row(120_000, "Від: Іван П.", id: "in")])
        #expect(try state("gift") == .ambiguous && state("in") == .ambiguous)
        #expect(try totals() == (8_500, 0), "a row waiting for /review is neither spending nor income")
        #expect(!told.map(\.text).contains { $0.hasPrefix("🚨") || $0.hasPrefix("⚠️") }, "no budget alert for it: \(told)")
        #expect(told.texts(in: group).isEmpty, "nor a family post")
        for command in ["/report", "/budget"] {
            let figures = try chat.say(command).joined(separator: "\n")
            #expect(figures.contains("⏳ 2 операції з банку чекають вашого рішення й поки не в цих цифрах: /review"), "\(figures)")
            #expect(!figures.replacingOccurrences(of: "\u{A0}", with: " ").contains("5 000"), "\(figures)")
        }
        #expect(try chat.say("/today").joined().contains("дрон") == false)
        // Her decision counts it, and the family and the budget hear of it then.
        let gift = try #require(try chat.ledger.statements.waiting(memberID: olha.id, limit: 10).first { $0.fact.bankID == "gift" })
        let decided = try chat.press(ReviewButton(factID: gift.id, choice: .record).encoded, from: .olha)
        #expect(try totals() == (508_500, 0))
        #expect(decided.texts(in: group).contains { $0.contains("На дрон") }, "\(decided.texts(in: group))")
        #expect(decided.texts(in: group).contains { $0.hasPrefix("🚨") }, "5 085 of the month's 1 000 ₴")
        #expect(try chat.say("/report").joined().contains("⏳ 1 операція з банку чекає"))
    }

    @Test func aSalaryComingInIsIncomeWithoutAsking() throws {
        try chat.connectOlhasCard()
        try feed([row(3_500_000, "Від: ТОВ «Ромашка», зарплата за листопад", id: "pay")])
        #expect(try totals() == (0, 3_500_000))
        #expect(try chat.ledger.statements.waitingCount(memberID: olha.id) == 0)
    }
}
