import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct BudgetTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    @Test func budgetsAreSetChangedAndRemoved() throws {
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let id = owner.householdID
        try ledger.entries.setBudget(Budget(category: "cafe", limitMinor: 300_000), householdID: id)
        try ledger.entries.setBudget(Budget(category: nil, limitMinor: 4_000_000), householdID: id)
        try ledger.entries.setBudget(Budget(category: "cafe", limitMinor: 250_000), householdID: id)
        #expect(try ledger.entries.budgets(householdID: id) == [
            Budget(category: nil, limitMinor: 4_000_000), Budget(category: "cafe", limitMinor: 250_000),
        ])
        try ledger.entries.setBudget(Budget(category: "cafe", limitMinor: 0), householdID: id)
        #expect(try ledger.entries.budgets(householdID: id).count == 1)
    }

    @Test func eachThresholdIsClaimedOncePerMonth() throws {
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let november = YearMonth(year: 2026, month: 11)!
        let id = owner.householdID
        #expect(try ledger.entries.claimBudgetAlert(householdID: id, category: "cafe", month: november, threshold: 80))
        #expect(try !ledger.entries.claimBudgetAlert(householdID: id, category: "cafe", month: november, threshold: 80))
        #expect(try ledger.entries.claimBudgetAlert(householdID: id, category: "cafe", month: november, threshold: 100))
        #expect(try ledger.entries.claimBudgetAlert(householdID: id, category: nil, month: november, threshold: 80))
        #expect(try ledger.entries.claimBudgetAlert(householdID: id, category: "cafe", month: november.next, threshold: 80))
    }
}
