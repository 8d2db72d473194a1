import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// Amounts and rates at and past the edge of `Int64`: stored totals stay exact or the write is
/// refused as `MoneyOverflow`; nothing traps and nothing wraps.
@Suite struct MoneyLimitsTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let november = YearMonth(year: 2026, month: 11)!

    func olha() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func entry(_ minor: Int64, _ currency: Currency = .uah, category: CategoryKey = "cafe") -> NewEntry {
        NewEntry(kind: .expense, amount: Money(minorUnits: minor, currency: currency), category: category,
                 account: nil, date: LocalDate(year: 2026, month: 11, day: 21)!, note: "", originalText: "")
    }

    func cafeTotal(_ member: Member) throws -> MonthTotal? {
        try ledger.entries.monthTotals(householdID: member.householdID, months: november...november).first { $0.category == "cafe" }
    }

    @Test func conversionIsExactUpToInt64AndRefusedPastIt() throws {
        // A billion pounds at the highest sterling rate /rate accepts (5,500 ₴): 5.5 × 10¹⁴ kopiykas.
        let highest = LedgerConversion.plausibleRange(of: .gbp, in: .uah).highestMicros
        #expect(try LedgerConversion.convert(Money(minorUnits: 100_000_000_000, currency: .gbp),
                                             basePerUnitMicros: highest, to: .uah) == 550_000_000_000_000)
        // Int64.max cents at 1.000000 is itself; at 1.000001 it is past Int64.
        let max = Money(minorUnits: .max, currency: .usd)
        #expect(try LedgerConversion.convert(max, basePerUnitMicros: 1_000_000, to: .uah) == .max)
        #expect(throws: MoneyOverflow.self) { try LedgerConversion.convert(max, basePerUnitMicros: 1_000_001, to: .uah) }
        #expect(throws: MoneyOverflow.self) { try LedgerConversion.convert(max, basePerUnitMicros: .max, to: .uah) }
        #expect(try LedgerConversion.convert(Money(minorUnits: -.max, currency: .usd), basePerUnitMicros: 500_000, to: .uah)
            == -4_611_686_018_427_387_904)
    }

    @Test func plausibleRatesAreAHundredfoldEitherWayOfAReference() {
        func bounds(_ range: RateRange) -> [Int64] { [range.typicalMicros, range.lowestMicros, range.highestMicros] }
        #expect(bounds(LedgerConversion.plausibleRange(of: .usd, in: .uah)) == [41_500_000, 415_000, 4_150_000_000])
        #expect(bounds(LedgerConversion.plausibleRange(of: .uah, in: .gbp)) == [18_182, 181, 1_818_200])
        let unknown = LedgerConversion.plausibleRange(of: Currency(code: "XYZ", minorUnitDigits: 2), in: .uah)
        #expect(unknown.contains(1) && unknown.contains(999_999_999_999) && !unknown.contains(0))
    }

    @Test func aMonthTotalFillsUpToInt64AndThenRefusesTheEntry() throws {
        let olha = try olha()
        _ = try ledger.entries.add([entry(.max - 10)], by: olha)
        #expect(throws: MoneyOverflow.self) { try ledger.entries.add([entry(11)], by: olha) }
        #expect(try cafeTotal(olha)?.baseMinor == .max - 10)
        // Inside a transaction that goes on, the entry that fitted goes with the one that did not.
        try ledger.transaction {
            #expect(throws: MoneyOverflow.self) { try ledger.entries.add([entry(1), entry(10)], by: olha) }
        }
        #expect(try cafeTotal(olha)?.baseMinor == .max - 10)
        _ = try ledger.entries.add([entry(10)], by: olha)
        #expect(try cafeTotal(olha)?.baseMinor == .max)
        #expect(try cafeTotal(olha)?.entryCount == 2)
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
        try ledger.entries.rebuildMonthTotals()
        #expect(try cafeTotal(olha)?.baseMinor == .max)
    }

    @Test func anEditIntoAFullTotalIsRefusedAndKeepsBothTotals() throws {
        let olha = try olha()
        _ = try ledger.entries.add([entry(.max)], by: olha)
        var taxi = try #require(try ledger.entries.add([entry(1, category: "taxi")], by: olha).first)
        taxi.category = "cafe"
        #expect(throws: MoneyOverflow.self) { try ledger.refusingOverflow { try ledger.entries.update(taxi) } }
        let totals = try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
        #expect(totals.map(\.baseMinor).sorted() == [1, .max])
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aRateThatWouldOverflowATotalIsNotStored() throws {
        let olha = try olha()
        _ = try ledger.entries.add([entry(.max / 2, .usd), entry(.max / 2, .usd)], by: olha)
        #expect(throws: MoneyOverflow.self) {
            try ledger.rates.set(.usd, basePerUnitMicros: 2_000_000, householdID: olha.householdID)
        }
        #expect(try ledger.rates.own(householdID: olha.householdID).isEmpty)
        let usd = try #require(try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november).first)
        #expect(usd.unconverted == 2 && usd.baseMinor == 0)
    }

    @Test func aTotalThatOverflowedBeforeTheGuardIsRefusedNotClamped() throws {
        let olha = try olha()
        _ = try ledger.entries.add([entry(100)], by: olha)
        // What SQLite's `+` made of an overflowing total before schema 6: a REAL.
        try Connection(path: test.path).execute("""
            INSERT INTO month_totals VALUES (?, '2026-11', 'expense', 'taxi', ?, 'UAH', 1.8e19, 1.8e19, 0, 2)
            """, olha.householdID, olha.id)
        #expect(throws: MoneyOverflow.self) {
            try ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
        }
    }
}
