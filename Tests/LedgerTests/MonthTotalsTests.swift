import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

@Suite struct MonthTotalsTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let november = YearMonth(year: 2026, month: 11)!

    func household() throws -> (Member, Member) {
        let olha = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let taras = try ledger.families.addMember(Newcomer(telegramUserID: 2, name: "Тарас", language: "uk"),
                                         householdID: olha.householdID)
        return (olha, taras)
    }

    func entry(_ minor: Int64, _ category: CategoryKey, _ date: String, currency: Currency = .uah,
               kind: EntryKind = .expense) -> NewEntry {
        NewEntry(kind: kind, amount: Money(minorUnits: minor, currency: currency), category: category,
                 account: nil, date: LocalDate(iso: date)!, note: "", originalText: "")
    }

    @Test func insertsAreSummedPerMonthCategoryAndMember() throws {
        let (olha, taras) = try household()
        _ = try ledger.entries.add([entry(8500, "cafe", "2026-11-01"), entry(1500, "cafe", "2026-11-30")], by: olha)
        _ = try ledger.entries.add([entry(12000, "taxi", "2026-11-15"), entry(700, "cafe", "2026-10-31")], by: taras)
        let totals = try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
        let cafe = totals.filter { $0.category == "cafe" }
        #expect(cafe.count == 1)
        #expect(cafe[0].amount.minorUnits == 10_000)
        #expect(cafe[0].entryCount == 2)
        #expect(cafe[0].memberID == olha.id)
        #expect(totals.map(\.baseMinor).reduce(0, +) == 22_000)
    }

    @Test func foreignMoneyWithoutARateIsCountedButNotConverted() throws {
        let (olha, _) = try household()
        _ = try ledger.entries.add([entry(2000, "subscriptions", "2026-11-02", currency: .usd)], by: olha)
        var total = try #require(try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november).first)
        #expect(total.unconverted == 1)
        #expect(total.baseMinor == 0)
        try ledger.rates.set(.usd, basePerUnitMicros: 41_250_000, householdID: olha.householdID)
        total = try #require(try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november).first)
        #expect(total.unconverted == 0)
        #expect(total.baseMinor == 82_500)  // $20.00 × 41.25
        #expect(total.amount == Money(minorUnits: 2000, currency: .usd))
    }

    @Test func conversionRoundsHalfAwayFromZeroOnceAndNeverOverflows() {
        // $0.01 at 41.255 → 0.41255 ₴ → 41 kopiykas; $0.03 → 1.23765 → 124.
        #expect(ledgerConvert(1, 41_255_000) == 41)
        #expect(ledgerConvert(3, 41_255_000) == 124)
        // A billion dollars at 50 ₴.
        #expect(ledgerConvert(100_000_000_000, 50_000_000) == 5_000_000_000_000)
    }

    @Test func editsAndDeletesKeepTotalsExact() throws {
        let (olha, _) = try household()
        let stored = try ledger.entries.add([entry(8500, "cafe", "2026-11-01"), entry(500, "cafe", "2026-11-02")], by: olha)
        var moved = stored[0]
        moved.category = "groceries"
        moved.date = LocalDate(iso: "2026-10-31")!
        try ledger.entries.update(moved)
        try ledger.entries.delete(entryID: stored[1].id)
        #expect(try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november).isEmpty)
        let october = november.previous
        let totals = try ledger.entries.monthTotals(householdID: olha.householdID, months: october...october)
        #expect(totals.map(\.category) == ["groceries"])
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func randomInsertEditDeleteSequencesMatchARebuild() throws {
        let (olha, taras) = try household()
        var generator = SplitMix64(seed: 2026)
        var ids: [Int64] = []
        let categories: [CategoryKey] = ["cafe", "taxi", "groceries", "salary"]
        let currencies: [Currency] = [.uah, .uah, .usd, .eur]
        try ledger.rates.set(.eur, basePerUnitMicros: 45_000_000, householdID: olha.householdID)
        for step in 0..<600 {
            let action = ids.isEmpty ? 0 : Int.random(in: 0..<3, using: &generator)
            switch action {
            case 0:
                let day = Int.random(in: 1...60, using: &generator)
                let date = LocalDate(year: 2026, month: 10, day: 1)!.adding(days: day).iso
                let new = entry(Int64.random(in: 1...1_000_000, using: &generator),
                                categories.randomElement(using: &generator)!, date,
                                currency: currencies.randomElement(using: &generator)!)
                ids += try ledger.entries.add([new], by: step % 2 == 0 ? olha : taras).map(\.id)
            case 1:
                var changed = try #require(try ledger.entries.entry(id: ids.randomElement(using: &generator)!))
                changed.amount = Money(minorUnits: Int64.random(in: 1...99_999, using: &generator),
                                       currency: currencies.randomElement(using: &generator)!)
                changed.category = categories.randomElement(using: &generator)!
                changed.date = changed.date.adding(days: Int.random(in: -40...40, using: &generator))
                try ledger.entries.update(changed)
            default:
                let index = Int.random(in: 0..<ids.count, using: &generator)
                try ledger.entries.delete(entryID: ids.remove(at: index))
            }
            if step == 300 { try ledger.rates.set(.usd, basePerUnitMicros: 41_000_000, householdID: olha.householdID) }
        }
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
        let before = try ledger.entries.monthTotals(householdID: olha.householdID, months: november.previous...november.next)
        try ledger.entries.rebuildMonthTotals()
        let after = try ledger.entries.monthTotals(householdID: olha.householdID, months: november.previous...november.next)
        #expect(Set(before.map(String.init(describing:))) == Set(after.map(String.init(describing:))))
    }

    @Test func theMismatchCheckCanFail() throws {
        let (olha, _) = try household()
        _ = try ledger.entries.add([entry(8500, "cafe", "2026-11-01")], by: olha)
        try Connection(path: test.path).execute("UPDATE month_totals SET amount_minor = 1")
        #expect(try ledger.entries.monthTotalsMismatches() == 2)
        try ledger.entries.rebuildMonthTotals()
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }
}

func ledgerConvert(_ cents: Int64, _ micros: Int64) -> Int64 {
    (try? LedgerConversion.convert(Money(minorUnits: cents, currency: .usd), basePerUnitMicros: micros, to: .uah)) ?? -1
}
