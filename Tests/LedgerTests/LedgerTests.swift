import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

@Suite struct LedgerTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let today = LocalDate(year: 2026, month: 11, day: 21)!

    func olha() throws -> Member {
        try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func coffee(_ minor: Int64, account: AccountKey? = .card, currency: Currency = .uah) -> NewEntry {
        NewEntry(kind: .expense, amount: Money(minorUnits: minor, currency: currency), category: "cafe",
                 account: account, date: today, note: "кава", originalText: "кава \(minor)")
    }

    @Test func migratesAnEmptyFileToTheLatestSchema() throws {
        let db = try Connection(path: test.path)
        #expect(try Migrator([]).appliedVersion(db) == Ledger.schemaVersion)
        let categories = try db.queryFirst("SELECT COUNT(*) FROM categories") { $0.int(0) }
        #expect(categories == CategoryKey.builtIn.count)
    }

    @Test func aNewHouseholdHasItsOwnerAndTheirAccounts() throws {
        let owner = try olha()
        #expect(owner.role == .owner)
        #expect(try ledger.families.member(telegramUserID: 1001) == owner)
        #expect(try ledger.families.household(id: owner.householdID)?.timeZone.identifier == "Europe/Kyiv")
        let partner = try ledger.families.addMember(
            Newcomer(telegramUserID: 1002, name: "Тарас", language: "uk"), householdID: owner.householdID)
        #expect(try ledger.families.members(householdID: owner.householdID).map(\.name) == ["Оля", "Тарас"])
        #expect(partner.role == .member)
    }

    /// A confirmation shows what `add` returns without reading it again: it must be what a read
    /// gives, to the millisecond of its time and the name of its account.
    @Test func theEntriesAddReturnsAreThoseAReadGivesBack() throws {
        let test = try TestLedger(clock: .fixed(Date(timeIntervalSince1970: 1_795_248_000.123456)))
        let ledger = test.ledger
        let owner = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
        let named = try ledger.accounts.add(name: "Ощад", kind: .card, currency: .uah, memberID: owner.id)
        let message = [
            NewEntry(kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe", account: named.key,
                     date: today, note: "кава", originalText: "кава 85 Ощад, таксі 120, $5 приватно, обід 230 wise"),
            NewEntry(kind: .expense, amount: Money(minorUnits: 12_000, currency: .uah), category: "taxi", account: nil,
                     date: today, note: "таксі", originalText: ""),
            NewEntry(kind: .expense, amount: Money(minorUnits: 500, currency: .usd), category: "other", account: .cash,
                     date: today.adding(days: -1), note: "", originalText: "", isPrivate: true),
            NewEntry(kind: .income, amount: Money(minorUnits: 23_000, currency: .uah), category: "salary", account: "wise",
                     date: today, note: "обід", originalText: ""),
        ]
        let stored = try ledger.entries.add(message, by: owner, source: EntrySource(updateID: 7, chatID: 1001, messageID: 9))
        let read = try stored.map { try #require(try ledger.entries.entry(id: $0.id)) }
        #expect(stored.first == read.first)
        #expect(stored.first?.accountName == "Ощад")
        for (var entry, again) in zip(stored, read).dropFirst() {
            #expect(entry.originalText.isEmpty && again.originalText == message[0].originalText)
            entry.originalText = again.originalText
            #expect(entry == again)
        }
        let alone = try ledger.entries.add([coffee(100, account: "wise")], by: owner)
        let aloneRead = try #require(try ledger.entries.entry(id: alone[0].id))
        #expect(alone == [aloneRead])
    }

    @Test func amountsAreExactToTheKopiyka() throws {
        let owner = try olha()
        let amounts: [Int64] = [1, 10, 20, 30, 8550, 123_456, 99_999_999_999]
        _ = try ledger.entries.add(amounts.map { coffee($0) }, by: owner)
        let stored = try ledger.entries.list(householdID: owner.householdID, dates: today...today)
        #expect(stored.map(\.amount.minorUnits) == amounts)
        #expect(stored.reduce(0) { $0 + $1.amount.minorUnits } == amounts.reduce(0, +))
        #expect(stored[1].amount.decimalString == "0.10")
    }

    @Test func anEntryWithoutAnAccountUsesTheMemberDefault() throws {
        let owner = try olha()
        let stored = try ledger.entries.add([coffee(8500, account: nil), coffee(100, account: "wise")], by: owner)
        #expect(stored.map(\.account) == [.card, "wise"])
        #expect(try ledger.entries.entry(id: stored[1].id)?.account == "wise")
    }

    @Test func aFailedWriteRollsBackWhole() throws {
        let owner = try olha()
        var broken = coffee(100)
        broken.category = "no_such_category"  // rejected by the foreign key
        #expect(throws: SQLiteError.self) {
            _ = try ledger.entries.add([coffee(8500), coffee(200), broken], by: owner)
        }
        #expect(try ledger.entries.count(householdID: owner.householdID) == 0)
    }

    @Test func theSameUpdateCannotStoreTwice() throws {
        let owner = try olha()
        let source = EntrySource(updateID: 77, chatID: 1001, messageID: 5)
        _ = try ledger.entries.add([coffee(8500), coffee(100)], by: owner, source: source)
        #expect(throws: SQLiteError.self) { _ = try ledger.entries.add([coffee(8500)], by: owner, source: source) }
        #expect(try ledger.entries.count(householdID: owner.householdID) == 2)
    }

    @Test func theOffsetCommitsWithTheEffects() throws {
        let owner = try olha()
        #expect(try ledger.botState.telegramOffset() == nil)
        struct Crash: Error {}
        #expect(throws: Crash.self) {
            try ledger.transaction {
                _ = try ledger.entries.add([coffee(8500)], by: owner)
                try ledger.botState.setTelegramOffset(42)
                throw Crash()
            }
        }
        #expect(try ledger.botState.telegramOffset() == nil)
        #expect(try ledger.entries.count(householdID: owner.householdID) == 0)
        try ledger.transaction {
            _ = try ledger.entries.add([coffee(8500)], by: owner)
            try ledger.botState.setTelegramOffset(42)
        }
        #expect(try ledger.botState.telegramOffset() == 42)
    }

    @Test func dataSurvivesReopening() throws {
        let owner = try olha()
        _ = try ledger.entries.add([coffee(8550)], by: owner)
        let reopened = try Ledger(path: test.path, clock: .fixed(testNow))
        let entries = try reopened.entries.list(householdID: owner.householdID, dates: today...today)
        #expect(entries.first?.amount == Money(minorUnits: 8550, currency: .uah))
        #expect(entries.first?.createdAt == testNow)
        #expect(entries.first?.note == "кава")
    }
}
