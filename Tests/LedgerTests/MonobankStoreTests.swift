import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A member's Monobank token and accounts on a real SQLite file: the token is sealed with a
/// key beside the database, and a cursor only moves forward.
@Suite struct MonobankStoreTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    func member() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    @Test func theTokenIsStoredSealedAndOnlyTheKeyBesideTheDatabaseOpensIt() throws {
        let olha = try member()
        #expect(try ledger.monobank.connect(memberID: olha.id, chatID: 1001, token: Self.token, messageOutboxID: 1))
        #expect(try ledger.monobank.feedSources().map(\.token) == [Self.token])
        try ledger.transaction { _ = try ledger.monobank.feedSources() }  // Flushes nothing new; the WAL holds the row.
        let copy = test.folder.path("copy.sqlite")
        let database = try Data(contentsOf: URL(fileURLWithPath: test.path)) + ((try? Data(contentsOf: URL(fileURLWithPath: test.path + "-wal"))) ?? Data())
        #expect(database.range(of: Data(Self.token.utf8)) == nil, "the file holds no token as text")
        var status = stat()
        #expect(stat(test.path + ".key", &status) == 0 && status.st_mode & 0o777 == 0o600, "the key is its owner's only")
        try FileManager.default.copyItem(atPath: test.path, toPath: copy)
        if FileManager.default.fileExists(atPath: test.path + "-wal") {
            try FileManager.default.copyItem(atPath: test.path + "-wal", toPath: copy + "-wal")
        }
        let elsewhere = try Ledger(path: copy)
        #expect(try elsewhere.monobank.feedSources().map(\.token) == [nil], "a copy of the database without its key opens no token")
    }

    @Test func checkedAccountsAreFollowedOneByOneAndTheCursorNeverGoesBack() throws {
        let olha = try member()
        _ = try ledger.monobank.connect(memberID: olha.id, chatID: 1001, token: Self.token, messageOutboxID: 1)
        #expect(try ledger.monobank.feedSources().first?.needsCheck == true)
        try ledger.monobank.checked(memberID: olha.id, accounts: [
            MonobankAccount(accountID: "a", kind: .card, label: "*1234", currency: .uah),
            MonobankAccount(accountID: "j", kind: .jar, label: "На відпустку", currency: .uah),
        ])
        let accounts = try ledger.monobank.accounts(memberID: olha.id)
        #expect(accounts.map(\.label) == ["*1234", "На відпустку"])
        #expect(try ledger.monobank.feedSources().first?.accounts.isEmpty == true, "nothing followed until chosen")
        #expect(try ledger.monobank.toggle(accountRowID: accounts[0].id, memberID: olha.id) == true)
        #expect(try ledger.monobank.toggle(accountRowID: accounts[0].id, memberID: olha.id + 1) == nil, "not theirs")
        try ledger.monobank.advance(memberID: olha.id, accountID: "a", to: testNow)
        try ledger.monobank.advance(memberID: olha.id, accountID: "a", to: testNow.addingTimeInterval(-3_600))
        let source = try #require(try ledger.monobank.feedSources().first)
        #expect(source.needsCheck == false)
        #expect(source.accounts.map(\.accountID) == ["a"])
        #expect(source.accounts.first?.cursor == testNow)
    }

    /// The feed reads an account back to its oldest hold of the last week, so its settled row
    /// is seen; a settled one, or an older hold, widens nothing.
    @Test func anOpenHoldOfTheLastWeekIsWhereTheFeedReadsFrom() throws {
        let olha = try member()
        _ = try ledger.monobank.connect(memberID: olha.id, chatID: 1001, token: Self.token, messageOutboxID: 1)
        try ledger.monobank.checked(memberID: olha.id, accounts: [MonobankAccount(accountID: "a", kind: .card, label: "*1234", currency: .uah)])
        _ = try ledger.monobank.toggle(accountRowID: try #require(try ledger.monobank.accounts(memberID: olha.id).first).id, memberID: olha.id)
        func fact(_ id: String, daysAgo: Double, hold: Bool) -> BankFact {
            BankFact(bank: .monobank, account: "a", time: testNow.addingTimeInterval(-daysAgo * 86_400),
                     amount: Money(minorUnits: -100, currency: .uah), description: id, bankID: id, isHold: hold)
        }
        let since = { try #require(try ledger.monobank.feedSources().first?.accounts.first).openHoldSince }
        #expect(try since() == nil)
        for (id, days, hold) in [("old", 9.0, true), ("settled", 5.0, false), ("open", 3.0, true), ("newer", 1.0, true)] {
            _ = try ledger.statements.insert(fact(id, daysAgo: days, hold: hold), householdID: olha.householdID, memberID: olha.id,
                                             importID: nil, state: .recorded, entryID: nil)
        }
        #expect(try since() == testNow.addingTimeInterval(-3 * 86_400))
        let open = try #require(try ledger.statements.heldFact(identity: fact("open", daysAgo: 3, hold: false).identity,
                                                                householdID: olha.householdID))
        try ledger.statements.settleHold(open.id, with: fact("open", daysAgo: 3, hold: false))
        #expect(try since() == testNow.addingTimeInterval(-86_400))
    }

    @Test func removingTheLinkForgetsTheTokenAndItsAccounts() throws {
        let olha = try member()
        _ = try ledger.monobank.connect(memberID: olha.id, chatID: 1001, token: Self.token, messageOutboxID: 1)
        try ledger.monobank.checked(memberID: olha.id, accounts: [MonobankAccount(accountID: "a", kind: .card, label: "*1234", currency: .uah)])
        try ledger.monobank.remove(memberID: olha.id)
        #expect(try ledger.monobank.link(memberID: olha.id) == nil)
        #expect(try ledger.monobank.accounts(memberID: olha.id).isEmpty)
        #expect(try ledger.monobank.feedSources().isEmpty)
    }
}
