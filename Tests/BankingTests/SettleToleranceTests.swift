import Banking
import KopiykaCore
import Testing

/// How far a settled amount may be from its hold and still be that purchase.
@Suite struct SettleToleranceTests {
    func uah(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .uah) }

    @Test func withinAFifthEitherWayInTheSameCurrencyAndDirection() {
        #expect(SettleTolerance.accepts(hold: uah(-150_000), settled: uah(-143_218)))
        #expect(SettleTolerance.accepts(hold: uah(-100_000), settled: uah(-120_000)))
        #expect(SettleTolerance.accepts(hold: uah(-100_000), settled: uah(-80_000)))
        #expect(!SettleTolerance.accepts(hold: uah(-100_000), settled: uah(-79_999)))
        #expect(!SettleTolerance.accepts(hold: uah(-100_000), settled: uah(-120_001)))
        #expect(!SettleTolerance.accepts(hold: uah(-100_000), settled: uah(100_000)), "the other direction")
        #expect(!SettleTolerance.accepts(hold: uah(-100_000), settled: Money(minorUnits: -100_000, currency: .eur)))
        #expect(!SettleTolerance.accepts(hold: uah(0), settled: uah(0)))
    }

    @Test func noTrapAtTheEdgesOfInt64() {
        #expect(SettleTolerance.accepts(hold: uah(.max), settled: uah(.max - 1)))
        #expect(!SettleTolerance.accepts(hold: uah(.min), settled: uah(-1)))
        #expect(SettleTolerance.accepts(hold: uah(.min), settled: uah(.min)))
    }
}
