import Foundation
import KopiykaCore
import KopiykaTestSupport
@testable import Ledger
import Testing

/// What a savings account is worth on a day, by hand: the last value said carries forward,
/// money moved in after it adds, the day's last word wins, a closed account leaves the days
/// after it closed.
@Suite struct SavingsValueTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    func day(_ month: Int, _ day: Int) -> LocalDate { LocalDate(year: 2026, month: month, day: day)! }
    func uah(_ major: Int64) -> Money { Money(minorUnits: major * 100, currency: .uah) }

    func setUp() throws -> (Member, Account, card: Account) {
        let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"),
                                                       timeZone: kyiv)
        let deposit = try ledger.accounts.add(name: "Депозит", kind: .savings, currency: .uah, memberID: olha.id)
        let card = try #require(try ledger.accounts.account(memberID: olha.id, key: .card))
        return (olha, deposit, card)
    }

    func move(_ major: Int64, from: Account, to: Account, on date: LocalDate, by member: Member) throws {
        _ = try ledger.accounts.addTransfer(NewTransfer(from: from.id, to: to.id, amount: uah(major), received: uah(major),
                                                        date: date, note: ""), by: member)
    }

    @Test func theLastWordCarriesForwardAndMoneyMovedInAfterItAdds() throws {
        let (olha, deposit, card) = try setUp()
        #expect(try ledger.accounts.value(of: deposit, on: day(10, 31)) == nil, "nothing in it yet")
        try move(10_000, from: card, to: deposit, on: day(11, 1), by: olha)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 1)) == 1_000_000)
        try ledger.accounts.setValue(1_015_000, of: deposit, on: day(11, 15))
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 14)) == 1_000_000)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 15)) == 1_015_000)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 19)) == 1_015_000, "a quiet day carries it forward")
        try move(2_000, from: card, to: deposit, on: day(11, 20), by: olha)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 20)) == 1_215_000)
        try ledger.accounts.setValue(1_220_000, of: deposit, on: day(11, 25))
        let before = try ledger.accounts.setValue(1_230_000, of: deposit, on: day(11, 25))
        #expect(before == 1_220_000)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 25)) == 1_230_000, "the day's last word wins")
        #expect(try ledger.accounts.value(of: deposit, on: day(12, 31)) == 1_230_000)
    }

    @Test func aClosedAccountKeepsItsHistoryAndLeavesTheDaysAfter() throws {
        let (_, deposit, _) = try setUp()
        try ledger.accounts.setValue(500_000, of: deposit, on: day(11, 1))
        try ledger.accounts.archive(deposit.id, on: day(11, 28))
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 27)) == 500_000)
        #expect(try ledger.accounts.value(of: deposit, on: day(11, 28)) == nil)
        #expect(try ledger.accounts.accounts(memberID: deposit.memberID).contains { $0.id == deposit.id } == false)
    }

    @Test func aForeignStashIsValuedInItsOwnCurrency() throws {
        let (olha, _, _) = try setUp()
        let stash = try ledger.accounts.add(name: "Долари", kind: .savings, currency: .usd, memberID: olha.id)
        try ledger.accounts.setValue(50_000, of: stash, on: day(11, 1))
        #expect(try ledger.accounts.value(of: stash, on: day(11, 2)) == 50_000, "cents of dollars, converted only by the reader")
    }

    @Test func aValuePastInt64WithMoneyAddedIsRefusedNotWrapped() throws {
        let (olha, deposit, card) = try setUp()
        try ledger.accounts.setValue(Int64.max - 10, of: deposit, on: day(11, 1))
        try move(1, from: card, to: deposit, on: day(11, 2), by: olha)
        #expect(throws: MoneyOverflow.self) { try ledger.accounts.value(of: deposit, on: day(11, 2)) }
    }
}
