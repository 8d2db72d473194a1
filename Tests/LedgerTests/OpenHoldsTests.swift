import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `StatementStore.openHolds` is asked once for each settled row a statement file brings; it
/// must read the member's holds, never every row the member has. It read them all (SQLite
/// chose the member's index over the holds' one), and a 20,000-row import grew quadratic:
/// 100 s in a release build, another family waiting up to 21 s for a reply.
@Suite struct OpenHoldsTests {
    let test: TestLedger
    var ledger: Ledger { test.ledger }

    init() throws { test = try TestLedger() }

    func fact(_ n: Int, hold: Bool, account: String = "*1234") -> BankFact {
        BankFact(bank: .monobank, account: account, time: testNow.addingTimeInterval(Double(-n * 60)),
                 amount: Money(minorUnits: -Int64(100 + n), currency: .uah), mcc: 5411, description: "Кава \(n)",
                 bankID: "row-\(n)", isHold: hold)
    }

    @Test func theHoldsAreFoundWithoutReadingTheMembersOtherRows() throws {
        let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
        try ledger.transaction {
            for n in 0..<5_000 {
                _ = try ledger.statements.insert(fact(n, hold: n % 1_000 == 7, account: n % 2 == 0 ? "*1234" : "jar"),
                                                 householdID: olha.householdID, memberID: olha.id, importID: nil,
                                                 state: .recorded, entryID: nil)
            }
        }
        let now = Int64(testNow.timeIntervalSince1970)
        let before = ledger.virtualMachineSteps
        let holds = try ledger.statements.openHolds(memberID: olha.id, bank: .monobank, from: now - 7 * 86_400, to: now)
        let steps = ledger.virtualMachineSteps.map { $0.value - (before[$0.key] ?? 0) }.reduce(0, +)
        #expect(holds.map(\.fact.bankID) == ["row-4007", "row-3007", "row-2007", "row-1007", "row-7"])
        #expect(steps < 500, "\(steps) steps for 5 holds among 5,000 rows")
    }
}
