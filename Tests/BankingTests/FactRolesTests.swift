import Banking
import Foundation
import KopiykaCore
import Testing

/// One test per rule of `FactRoles`, with the cases where it must not guess.
@Suite struct FactRolesTests {
    static let t0: Int64 = 1_791_968_400

    func fact(_ minor: Int64, mcc: Int? = 4829, at second: Int64 = 0, account: String = "", bank: BankFact.Bank = .monobank,
              _ description: String = "Переказ", category: String? = nil, hold: Bool = false, id: String? = nil,
              operation: Money? = nil) -> BankFact {
        BankFact(bank: bank, account: account, time: Date(timeIntervalSince1970: Double(Self.t0 + second)),
                 amount: Money(minorUnits: minor, currency: .uah), operationAmount: operation, mcc: mcc,
                 description: description, bankCategory: category, bankID: id, isHold: hold)
    }

    @Test func aMonobankOutAndAPrivatBankInAreOneOwnTransfer() {
        let out = fact(-300_000, account: "")
        let privatIn = fact(300_000, mcc: nil, at: 60, account: "5168 **** **** 4321", bank: .privatbank,
                            "Переказ зі своєї карти 5375 **** **** 1234", category: "Перекази")
        #expect(FactRoles.classify([out, privatIn]) == [.ownTransfer(pairedWith: 1), .ownTransfer(pairedWith: 0)])
    }

    @Test func twoPossibleCounterpartsAreNotGuessedBetween() {
        let facts = [fact(-300_000, account: "mono"), fact(300_000, at: 30, account: "privat"), fact(300_000, at: 90, account: "oschad")]
        #expect(FactRoles.classify(facts) == [.unpairedTransfer, .unpairedTransfer, .unpairedTransfer])
    }

    @Test func tooFarApartOrTheSameAccountIsNoPair() {
        #expect(FactRoles.classify([fact(-300_000, account: "a"), fact(300_000, at: 121, account: "b")])
                == [.unpairedTransfer, .unpairedTransfer])
        #expect(FactRoles.classify([fact(-300_000, account: "a"), fact(300_000, at: 120, account: "b")])
                == [.ownTransfer(pairedWith: 1), .ownTransfer(pairedWith: 0)])
        #expect(FactRoles.classify([fact(-300_000, account: "a"), fact(300_000, at: 10, account: "a")])
                == [.unpairedTransfer, .unpairedTransfer])
        #expect(FactRoles.classify([fact(-300_000, account: "a"), fact(-300_000, at: 10, account: "b")])
                == [.unpairedTransfer, .unpairedTransfer], "the same sign is two payments, not a move")
    }

    @Test func anATMWithdrawalIsCash() {
        #expect(FactRoles.classify([fact(-200_000, mcc: 6011, "Банкомат")]) == [.cash])
    }

    @Test func aHoldIsReplacedByItsSettledRowOnly() {
        let hold = fact(-8_500, mcc: 5814, hold: true)
        let settled = fact(-8_500, mcc: 5814, at: 2 * 86_400)
        #expect(FactRoles.classify([settled, hold]) == [.spending, .replacedHold(by: 0)])
        // The same id, another amount (the rate moved between hold and settlement).
        let euroHold = fact(-43_000, mcc: 5817, hold: true, id: "abc")
        #expect(FactRoles.classify([fact(-43_109, mcc: 5817, at: 3_600, id: "abc"), euroHold]) == [.spending, .replacedHold(by: 0)])
        // Two holds, one settlement: which one settled is a guess.
        #expect(FactRoles.classify([settled, hold, fact(-8_500, mcc: 5814, at: 600, hold: true)]) == [.spending, .spending, .spending])
        #expect(FactRoles.classify([fact(-8_500, mcc: 5814, at: 8 * 86_400), hold]) == [.spending, .spending], "a week is the limit")
    }

    @Test func aFactOfZeroMovesNoMoneyWhateverItsMCC() {
        #expect(FactRoles.classify([fact(0, mcc: 5999, "Перевірка картки"), fact(0), fact(0, mcc: 6011, at: 30, "Банкомат"), fact(0, mcc: nil)])
                == [.noMoney, .noMoney, .noMoney, .noMoney])
        // A hold released (settled at 0) is still replaced by its settled row, which counts nothing.
        #expect(FactRoles.classify([fact(0, mcc: 7011, at: 600, id: "h"), fact(-200_000, mcc: 7011, hold: true, id: "h")])
                == [.noMoney, .replacedHold(by: 0)])
    }

    /// `Int64.min` has no opposite in `Int64`: comparing a transfer of it with its bucket's
    /// neighbour trapped, and the feed's window (read again after each restart) with it.
    @Test func transfersAtTheEdgesOfInt64AreNoPairAndNoTrap() {
        #expect(FactRoles.classify([fact(.min, account: "a"), fact(.min, at: 10, account: "b")]) == [.unpairedTransfer, .unpairedTransfer])
        #expect(FactRoles.classify([fact(.min, account: "a"), fact(.max, at: 10, account: "b")]) == [.unpairedTransfer, .unpairedTransfer])
        #expect(FactRoles.classify([fact(-.max, account: "a"), fact(.max, at: 10, account: "b")])
                == [.ownTransfer(pairedWith: 1), .ownTransfer(pairedWith: 0)])
    }

    /// A transfer in that says it is a salary is income: asking about it kept a family's pay out
    /// of every figure until someone opened `/review`. Money from a person is still asked.
    @Test func refundsCashbackInterestAndASalaryAreIncomeAndMoneyFromAPersonIsAsked() {
        let facts = [fact(-129_900, mcc: 5732, "Rozetka"), fact(129_900, mcc: 5732, at: 86_400, "Rozetka, повернення"),
                     fact(11_237, "Відсотки за жовтень"), fact(5_000, "Виведення кешбеку"), fact(3_500_000, "Від: ТОВ, зарплата"),
                     fact(120_000, at: 400, "Від: Іван П.")]
        #expect(FactRoles.classify(facts) == [.spending, .income, .income, .income, .income, .unpairedTransfer])
    }

    @Test func theMonobankSampleHasEachRole() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: "m.csv").get().facts
        let roles = FactRoles.classify(facts)
        let named = Dictionary(zip(facts.map(\.description), roles), uniquingKeysWith: { first, _ in first })
        #expect(named["На банку «Відпустка»"] == .unpairedTransfer)
        #expect(named["Банкомат ПриватБанк, Хрещатик 22"] == .cash)
        #expect(named["Відсотки за жовтень"] == .income)
        #expect(named["Rozetka, повернення"] == .income)
        #expect(named["Від: ТОВ \"Ромашка\", зарплата за вересень"] == .income)
        #expect(roles.filter { $0 == .spending }.count == 56)
    }
}
