import Foundation
import KopiykaCore
import KopiykaTestSupport
@testable import Ledger
import SQLite
import Testing

@Suite struct AccountStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let today = LocalDate(year: 2026, month: 11, day: 21)!

    func olha() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func entry(_ kind: EntryKind, _ minor: Int64, _ account: AccountKey, currency: Currency = .uah) -> NewEntry {
        NewEntry(kind: kind, amount: Money(minorUnits: minor, currency: currency), category: kind == .income ? "salary" : "cafe",
                 account: account, date: today, note: "", originalText: "")
    }

    func uah(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .uah) }

    @Test func everyMemberHasTheBuiltInCardAndCashInTheHouseholdsCurrency() throws {
        let owner = try olha()
        let accounts = try ledger.accounts.accounts(memberID: owner.id)
        #expect(accounts.map(\.key) == AccountKey.builtIn)
        #expect(accounts.first { $0.key == .cash }?.kind == .cash)
        #expect(accounts.first { $0.key == .card }?.kind == .card)
        #expect(accounts.allSatisfy { $0.currency == .uah && $0.name == nil && $0.openingMinor == 0 })
    }

    @Test func anOwnAccountGetsAKeyNoRenameChanges() throws {
        let owner = try olha()
        let oschad = try ledger.accounts.add(name: "Ощад", kind: .savings, currency: .uah, memberID: owner.id)
        #expect(oschad.key.rawValue == "own.\(oschad.id)")
        try ledger.accounts.rename(oschad.id, to: "Ощадбанк")
        let renamed = try ledger.accounts.account(id: oschad.id)
        #expect(renamed?.key == oschad.key)
        #expect(renamed?.name == "Ощадбанк")
        #expect(try ledger.accounts.account(memberID: owner.id, key: oschad.key)?.id == oschad.id)
    }

    /// Opening + income − spending ± transfers, each currency apart; an exchange leaves both.
    @Test func aBalanceIsOpeningPlusIncomeMinusSpendingAndTransfers() throws {
        let owner = try olha()
        let card = try #require(try ledger.accounts.account(memberID: owner.id, key: .card))
        let cash = try #require(try ledger.accounts.account(memberID: owner.id, key: .cash))
        _ = try ledger.entries.add([entry(.income, 3_000_000, .card), entry(.expense, 8_550, .card),
                                    entry(.expense, 2_000, .card, currency: .usd)], by: owner)
        _ = try ledger.accounts.addTransfer(NewTransfer(from: card.id, to: cash.id, amount: uah(200_000), received: uah(200_000),
                                                        date: today, note: "зняв"), by: owner)
        _ = try ledger.accounts.addTransfer(NewTransfer(
            from: cash.id, to: card.id, amount: Money(minorUnits: 40_000, currency: .usd), received: uah(1_652_000),
            date: today, note: "обміняв"), by: owner)
        let balances = try ledger.accounts.balances(of: [card, cash])
        #expect(balances[card.id]?.amounts == [.uah: 3_000_000 - 8_550 - 200_000 + 1_652_000, .usd: -2_000])
        #expect(balances[cash.id]?.amounts == [.uah: 200_000, .usd: -40_000])
        #expect(try ledger.entries.count(householdID: owner.householdID) == 3)
    }

    @Test func settingABalanceKeepsHistoryAndMovesTheOpening() throws {
        let owner = try olha()
        let card = try #require(try ledger.accounts.account(memberID: owner.id, key: .card))
        _ = try ledger.entries.add([entry(.expense, 10_000, .card)], by: owner)
        try ledger.accounts.setBalance(card.id, to: 1_200_000)
        let updated = try #require(try ledger.accounts.account(id: card.id))
        #expect(updated.openingMinor == 1_210_000)
        #expect(try ledger.accounts.balances(of: [updated])[card.id]?.amounts == [.uah: 1_200_000])
        #expect(throws: MoneyOverflow.self) { try ledger.accounts.setBalance(card.id, to: .max) }
        #expect(try ledger.accounts.account(id: card.id)?.openingMinor == 1_210_000)
    }

    @Test func anArchivedAccountLeavesTheListButKeepsItsEntries() throws {
        let owner = try olha()
        let deposit = try ledger.accounts.add(name: "депозит", kind: .savings, currency: .uah, memberID: owner.id)
        _ = try ledger.entries.add([entry(.income, 50_000, deposit.key)], by: owner)
        try ledger.accounts.archive(deposit.id, on: LocalDate(year: 2026, month: 11, day: 21)!)
        #expect(try !ledger.accounts.accounts(memberID: owner.id).contains { $0.id == deposit.id })
        #expect(try ledger.accounts.accounts(memberID: owner.id, includingArchived: true).contains { $0.id == deposit.id })
        let stored = try ledger.entries.list(householdID: owner.householdID, dates: today...today)
        #expect(stored.map(\.account) == [deposit.key])
    }

    /// Transfers never reach the month totals that reports, budgets and the digest read.
    @Test func transfersStayOutOfMonthTotals() throws {
        let owner = try olha()
        let card = try #require(try ledger.accounts.account(memberID: owner.id, key: .card))
        let cash = try #require(try ledger.accounts.account(memberID: owner.id, key: .cash))
        _ = try ledger.entries.add([entry(.expense, 8_500, .card)], by: owner)
        _ = try ledger.accounts.addTransfer(NewTransfer(from: card.id, to: cash.id, amount: uah(200_000), received: uah(200_000),
                                                        date: today, note: ""), by: owner)
        let db = try Connection(path: test.path)
        let spent = try db.queryFirst("SELECT SUM(amount_minor) FROM month_totals WHERE kind = 'expense'") { $0.int64(0) }
        #expect(spent == 8_500)
    }

    @Test func theSameUpdateNeverStoresATransferTwice() throws {
        let owner = try olha()
        let card = try #require(try ledger.accounts.account(memberID: owner.id, key: .card))
        let cash = try #require(try ledger.accounts.account(memberID: owner.id, key: .cash))
        let transfer = NewTransfer(from: card.id, to: cash.id, amount: uah(100), received: uah(100), date: today, note: "")
        _ = try ledger.accounts.addTransfer(transfer, by: owner, source: EntrySource(updateID: 7))
        #expect(throws: SQLiteError.self) { try ledger.accounts.addTransfer(transfer, by: owner, source: EntrySource(updateID: 7)) }
        #expect(try ledger.accounts.transferCount(householdID: owner.householdID) == 1)
    }

    /// A database of the schema before accounts had details, with members and entries,
    /// migrates: every entry keeps its account, and the built-ins read as before.
    @Test func migratesADatabaseWithEntries() throws {
        let folder = TemporaryDirectory("accounts-migration")
        let path = folder.path("old.sqlite")
        do {
            let db = try Connection(path: path)
            try Migrator(Schema.migrator.migrations.filter { $0.version < 13 }).migrate(db, now: "2026-11-01T00:00:00Z")
            try db.executeScript("""
                INSERT INTO households (id, base_currency, time_zone, created_at) VALUES (1, 'UAH', 'Europe/Kyiv', 'x');
                INSERT INTO members (id, household_id, telegram_user_id, name, language, role, default_account, joined_at)
                    VALUES (1, 1, 1001, 'Оля', 'uk', 'owner', 'card', 'x');
                INSERT INTO accounts (id, member_id, key) VALUES (1, 1, 'card'), (2, 1, 'cash'), (3, 1, 'monobank');
                INSERT INTO entries (id, household_id, member_id, kind, amount_minor, currency, category, account_id,
                    local_date, created_at, note, original_text, base_minor)
                    VALUES (1, 1, 1, 'expense', 8500, 'UAH', 'cafe', 1, '2026-11-20', 'x', 'кава', 'кава 85', 8500),
                           (2, 1, 1, 'income', 100000, 'UAH', 'salary', 2, '2026-11-20', 'x', '', '+1000 готівка', 100000);
                """)
        }
        let ledger = try Ledger(path: path, clock: .fixed(testNow))
        let accounts = try ledger.accounts.accounts(memberID: 1)
        #expect(accounts.map(\.key) == [.card, .cash, .monobank])
        #expect(accounts.map(\.kind) == [.card, .cash, .card])
        let balances = try ledger.accounts.balances(of: accounts)
        #expect(balances[1]?.amounts == [.uah: -8_500])
        #expect(balances[2]?.amounts == [.uah: 100_000])
        #expect(balances[3]?.isUsed == false)
        let entries = try ledger.entries.list(householdID: 1, dates: LocalDate(year: 2026, month: 11, day: 1)!...today)
        #expect(entries.map(\.account) == [.card, .cash])
    }
}
