import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct BudgetStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    @Test func budgetsAreSetChangedAndRemoved() throws {
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let id = owner.householdID
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 300_000), householdID: id)
        try ledger.budgets.set(Budget(category: nil, limitMinor: 4_000_000), householdID: id)
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 250_000), householdID: id)
        #expect(try ledger.budgets.list(householdID: id) == [
            Budget(category: nil, limitMinor: 4_000_000), Budget(category: "cafe", limitMinor: 250_000),
        ])
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 0), householdID: id)
        #expect(try ledger.budgets.list(householdID: id).count == 1)
    }

    @Test func eachThresholdIsClaimedOncePerMonth() throws {
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let november = YearMonth(year: 2026, month: 11)!
        let id = owner.householdID
        #expect(try ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80))
        #expect(try !ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80))
        #expect(try ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 100))
        #expect(try ledger.budgets.claimAlert(householdID: id, category: nil, month: november, threshold: 80))
        #expect(try ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november.next, threshold: 80))
    }

    /// A member told of their own view (private entries in it) claims their own mark: the
    /// family's alert for the same threshold is still to come, and theirs comes once.
    @Test func aMembersAlertLeavesTheFamilysStillToCome() throws {
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let november = YearMonth(year: 2026, month: 11)!
        let id = owner.householdID
        #expect(try ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80, memberID: owner.id))
        #expect(try !ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80, memberID: owner.id))
        #expect(try ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80))
        #expect(try !ledger.budgets.claimAlert(householdID: id, category: "cafe", month: november, threshold: 80))
    }

    @Test func aHouseholdReadsOnlyItsOwnBudgets() throws {
        let olha = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let petro = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 2, name: "Петро", language: "uk"), timeZone: kyiv)
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 300_000), householdID: olha.householdID)
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 0), householdID: petro.householdID)
        #expect(try ledger.budgets.list(householdID: petro.householdID).isEmpty)
        #expect(try ledger.budgets.list(householdID: olha.householdID) == [Budget(category: "cafe", limitMinor: 300_000)])
    }
}
