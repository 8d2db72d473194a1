import Banking
import Foundation
import KopiykaCore
import Testing

/// The bounds a bank row keeps, the ones a typed entry keeps: from 2000, three days past
/// now at most, a billion major units either way.
@Suite struct BankBoundsTests {
    let bounds = BankBounds(now: StatementReader.testNow, zone: StatementReader.kyiv)

    func fact(time: Date = StatementReader.testNow, minor: Int64 = -8_500) -> BankFact {
        BankFact(bank: .monobank, account: "a", time: time, amount: Money(minorUnits: minor, currency: .uah), description: "кава")
    }

    @Test func theDaysRunFrom2000ToThreeDaysAfterToday() throws {
        #expect(bounds.dates.lowerBound == LocalDate(year: 2000, month: 1, day: 1))
        #expect(bounds.dates.upperBound == LocalDate(year: 2026, month: 12, day: 10))
    }

    @Test func instantsPastTheDaysOrNotNumbersAreOutside() {
        let outside: [Double] = [0, -1, 946_000_000, 1_797_200_000, 253_402_300_800, 9.223372036854775807e18, -9.223372036854775808e18,
                                 .nan, .infinity, -.infinity]
        for t in outside { #expect(bounds.checked(fact(time: Date(timeIntervalSince1970: t))) == nil, "\(t)") }
        for t in [946_684_800.0, 1_796_601_600, 1_796_860_800] {
            #expect(bounds.checked(fact(time: Date(timeIntervalSince1970: t))) != nil, "\(t)")
        }
    }

    @Test func amountsPastABillionMajorUnitsEitherWayAreOutside() {
        for minor in [Int64.max, .min, 100_000_000_000_001, -100_000_000_000_001, 100_000_000_000_000_000] {
            #expect(bounds.checked(fact(minor: minor)) == nil, "\(minor)")
        }
        for minor in [Int64(0), 100_000_000_000, -100_000_000_000] { #expect(bounds.checked(fact(minor: minor)) != nil, "\(minor)") }
    }

    @Test func optionalFiguresPastTheBoundsAreDroppedNotTheRow() throws {
        var row = fact()
        row.cashback = Money(minorUnits: .max, currency: .uah)
        row.commission = Money(minorUnits: .min, currency: .uah)
        row.balanceAfter = Money(minorUnits: 1_000_000_000_000_000, currency: .uah)
        row.operationAmount = Money(minorUnits: -8_500, currency: .uah)
        row.mcc = 99_999
        let kept = try #require(bounds.checked(row))
        #expect(kept.cashback == nil && kept.commission == nil && kept.balanceAfter == nil && kept.mcc == nil)
        #expect(kept.operationAmount == row.operationAmount && kept.amount == row.amount)
    }
}
