import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The NBU's rates as stored: a day without rates uses the last banking day's, entries that
/// waited are valued when their rate arrives (and the month totals follow), a household's own
/// `/rate` still wins.
@Suite struct OfficialRateStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    var rates: OfficialRateStore { ledger.officialRates }
    let friday = LocalDate(year: 2026, month: 11, day: 20)!
    var saturday: LocalDate { friday.adding(days: 1) }
    var sunday: LocalDate { friday.adding(days: 2) }
    let november = YearMonth(year: 2026, month: 11)!

    func olha() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func nbu(_ usd: Int64, eur: Int64 = 48_000_100, on date: LocalDate) -> [OfficialRate] {
        [OfficialRate(code: "USD", hryvniaMicros: usd, date: date), OfficialRate(code: "EUR", hryvniaMicros: eur, date: date)]
    }

    func coffee(_ minor: Int64, _ currency: Currency, on date: LocalDate) -> NewEntry {
        NewEntry(kind: .expense, amount: Money(minorUnits: minor, currency: currency), category: "cafe",
                 account: nil, date: date, note: "кава", originalText: "кава")
    }

    @Test func aDayWithoutRatesUsesTheLastBankingDays() throws {
        try rates.record(nbu(41_234_500, on: friday), for: friday)
        #expect(try rates.quote(of: .usd, in: .uah, on: saturday) == nil)
        #expect(try rates.missingDays(today: saturday, limit: 5) == [saturday])
        try rates.record([], for: saturday)
        #expect(try rates.quote(of: .usd, in: .uah, on: saturday) == .init(basePerUnitMicros: 41_234_500, date: friday))
        // Sunday is not known until asked about: a gap is never assumed to be a weekend.
        #expect(try rates.quote(of: .usd, in: .uah, on: sunday) == nil)
        #expect(try rates.missingDays(today: sunday, limit: 5) == [sunday])
        try rates.record([], for: sunday)
        #expect(try rates.quote(of: .eur, in: .uah, on: sunday) == .init(basePerUnitMicros: 48_000_100, date: friday))
        #expect(try rates.missingDays(today: sunday, limit: 5) == [])
        // A currency the NBU does not set, or one outside the pair's plausible range, has no quote.
        #expect(try rates.quote(of: Currency(code: "CHF")!, in: .uah, on: friday) == nil)
        try rates.record(nbu(41_234_500_000, on: friday), for: friday)
        #expect(try rates.quote(of: .usd, in: .uah, on: friday) == nil)
    }

    @Test func aCrossRateGoesThroughTheHryvnia() throws {
        try rates.record(nbu(41_234_500, eur: 48_000_100, on: friday), for: friday)
        // 41.2345 / 48.0001 = 0.8590502… → 0.859050 EUR a dollar; a hryvnia is 1 / 48.0001.
        #expect(try rates.quote(of: .usd, in: .eur, on: friday)?.basePerUnitMicros == 859_050)
        #expect(try rates.quote(of: .uah, in: .eur, on: friday)?.basePerUnitMicros == 20_833)
    }

    @Test func anEntryTypedBeforeItsRateIsValuedWhenItComesAndTheMonthFollows() throws {
        let member = try olha()
        // Saturday's coffee in euros, Wednesday's dinner in dollars, before the NBU was asked.
        let wednesday = friday.adding(days: -2)
        let stored = try ledger.entries.add([coffee(500, .eur, on: saturday), coffee(2_000, .usd, on: wednesday)], by: member)
        #expect(stored.map(\.baseMinor) == [nil, nil])
        #expect(try rates.missingDays(today: saturday, limit: 5) == [saturday, wednesday])
        try rates.record([], for: saturday)
        #expect(try rates.missingDays(today: saturday, limit: 5) == [friday, wednesday])
        #expect(try rates.record(nbu(41_234_500, on: friday), for: friday) == 1)
        #expect(try rates.record(nbu(41_100_000, on: wednesday), for: wednesday) == 1)
        // 5 € × 48.0001 = 240.0005 ₴ → 240.00 ₴; 20 $ × 41.1 = 822 ₴.
        #expect(try ledger.entries.entry(id: stored[0].id)?.baseMinor == 24_000)
        #expect(try ledger.entries.entry(id: stored[1].id)?.baseMinor == 82_200)
        let totals = try ledger.entries.monthTotals(householdID: member.householdID, months: november...november)
        #expect(totals.map(\.baseMinor).reduce(0, +) == 106_200)
        #expect(totals.map(\.unconverted).reduce(0, +) == 0)
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
        #expect(try rates.missingDays(today: saturday, limit: 5) == [])
        // Written now, an entry is valued at once at its own day's rate.
        let later = try ledger.entries.add([coffee(100, .usd, on: wednesday)], by: member)
        #expect(later.first?.baseMinor == 4_110)
    }

    @Test func aHouseholdsOwnRateWins() throws {
        let member = try olha()
        try rates.record(nbu(41_234_500, on: friday), for: friday)
        try ledger.rates.set(.usd, basePerUnitMicros: 40_000_000, householdID: member.householdID)
        let stored = try ledger.entries.add([coffee(1_000, .usd, on: friday), coffee(1_000, .eur, on: friday)], by: member)
        #expect(stored.map(\.baseMinor) == [40_000, 48_000])
        // A waiting entry of a household with its own rate is the household's: the NBU's leaves it.
        try rates.record([], for: saturday)
        #expect(try ledger.entries.entry(id: stored[0].id)?.baseMinor == 40_000)
    }

    @Test func anAmountTooLargeToValueWaitsAloneAndTheOthersAreValued() throws {
        let member = try olha()
        let stored = try ledger.entries.add([coffee(.max / 2, .usd, on: friday), coffee(100, .usd, on: friday)], by: member)
        #expect(try rates.record(nbu(41_234_500, on: friday), for: friday) == 1)
        #expect(try ledger.entries.entry(id: stored[0].id)?.baseMinor == nil)
        #expect(try ledger.entries.entry(id: stored[1].id)?.baseMinor == 4_123)
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }
}
