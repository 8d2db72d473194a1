import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct CategoryRuleStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    func member(_ telegramUserID: Int64 = 1) throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: telegramUserID, name: "Оля", language: "uk"),
                                            timeZone: kyiv)
    }

    @Test func rulesAreLearnedReplacedAndDeleted() throws {
        let olha = try member()
        try ledger.rules.learn(stems: ["шаурм", "шаурм"], category: "groceries", householdID: olha.householdID)
        try ledger.rules.learn(stems: ["шаурм"], category: "cafe", householdID: olha.householdID)
        let rules = try ledger.rules.list(householdID: olha.householdID)
        #expect(rules.map(\.stem) == ["шаурм"])
        #expect(rules.first?.category == "cafe")
        #expect(try !ledger.rules.delete(id: rules[0].id, householdID: olha.householdID + 1))
        #expect(try ledger.rules.delete(id: rules[0].id, householdID: olha.householdID))
        #expect(try ledger.rules.list(householdID: olha.householdID).isEmpty)
    }

    /// A household's rules are its own: another family's notes are never read by them, and a
    /// rule read before (remembered) is read again once the table changes.
    @Test func aHouseholdReadsOnlyItsOwnRulesAndTheirLatestState() throws {
        let olha = try member(1), petro = try member(2)
        try ledger.rules.learn(stems: ["шаурм"], category: "cafe", householdID: olha.householdID)
        #expect(try ledger.rules.list(householdID: petro.householdID).isEmpty)
        #expect(try ledger.rules.list(householdID: olha.householdID).map(\.stem) == ["шаурм"])
        try ledger.rules.learn(stems: ["кав"], category: "cafe", householdID: olha.householdID)
        #expect(try ledger.rules.list(householdID: olha.householdID).map(\.stem) == ["кав", "шаурм"])
        #expect(try ledger.rules.list(householdID: petro.householdID).isEmpty)
    }
}
