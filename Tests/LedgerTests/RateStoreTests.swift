import Banking
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A household's own rates (`/rate`): kept per household, converting its waiting entries, and
/// listed with the NBU's where it set none.
@Suite struct RateStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let friday = LocalDate(year: 2026, month: 11, day: 20)!

    func member(_ telegramUserID: Int64) throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: telegramUserID, name: "Оля", language: "uk"),
                                            timeZone: kyiv)
    }

    func dollars(_ cents: Int64) -> NewEntry {
        NewEntry(kind: .expense, amount: Money(minorUnits: cents, currency: .usd), category: "cafe",
                 account: nil, date: friday, note: "кава", originalText: "кава")
    }

    /// A rate values the household's own waiting entries, never another family's.
    @Test func aRateIsTheHouseholdsOwnAndValuesItsWaitingEntries() throws {
        let olha = try member(1), petro = try member(2)
        let hers = try ledger.entries.add([dollars(2000)], by: olha)[0]
        let his = try ledger.entries.add([dollars(2000)], by: petro)[0]
        try ledger.rates.set(.usd, basePerUnitMicros: 41_250_000, householdID: olha.householdID)
        #expect(try ledger.rates.own(householdID: olha.householdID) == [.usd: 41_250_000])
        #expect(try ledger.rates.own(householdID: petro.householdID).isEmpty)
        #expect(try ledger.entries.entry(id: hers.id)?.baseMinor == 82_500)
        #expect(try ledger.entries.entry(id: his.id)?.baseMinor == nil)
        try ledger.rates.set(.usd, basePerUnitMicros: 40_000_000, householdID: olha.householdID)
        #expect(try ledger.rates.own(householdID: olha.householdID) == [.usd: 40_000_000])
        #expect(try ledger.entries.entry(id: hers.id)?.baseMinor == 82_500)  // Valued once, at the rate it met.
    }

    /// The household's rate first, the NBU's where it set none, and a currency with neither
    /// says so; the base is never listed.
    @Test func ratesInUseSayWhereEachComesFrom() throws {
        let olha = try member(1)
        _ = try ledger.officialRates.record([OfficialRate(code: "EUR", hryvniaMicros: 48_000_100, date: friday)], for: friday)
        try ledger.rates.set(.usd, basePerUnitMicros: 41_000_000, householdID: olha.householdID)
        let inUse = try ledger.rates.inUse(householdID: olha.householdID, base: .uah, on: friday)
        #expect(inUse.map(\.currency) == OfficialRateStore.commonCurrencies)
        #expect(inUse.first { $0.currency == .usd }?.source == .household)
        #expect(inUse.first { $0.currency == .eur }?.source == .official(friday))
        #expect(inUse.first { $0.currency == .pln }?.source == RateInUse.Source.none)
        #expect(try ledger.rates.table(householdID: olha.householdID, base: .uah, on: friday) == [.usd: 41_000_000, .eur: 48_000_100])
    }
}
