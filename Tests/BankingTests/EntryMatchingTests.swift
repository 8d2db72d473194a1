import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// One test per matching rule, the "ask, never guess" cases included.
@Suite struct EntryMatchingTests {
    /// 2026-10-14 12:00 in Kyiv.
    static let noon: Int64 = 1_791_968_400
    static let day = LocalDate(year: 2026, month: 10, day: 14)!

    func fact(_ minor: Int64, _ currency: Currency = .uah, at second: Int64 = noon, operation: Money? = nil) -> BankFact {
        BankFact(bank: .monobank, account: "", time: Date(timeIntervalSince1970: Double(second)),
                 amount: Money(minorUnits: minor, currency: currency), operationAmount: operation, mcc: 5814, description: "Кава")
    }

    func entry(_ id: Int64, _ minor: Int64, _ currency: Currency = .uah, days: Int = 0, kind: TypedEntry.Kind = .expense,
               linked: Bool = false) -> TypedEntry {
        TypedEntry(id: id, amount: Money(minorUnits: minor, currency: currency), date: Self.day.adding(days: days), kind: kind, isLinked: linked)
    }

    func match(_ facts: [BankFact], _ entries: [TypedEntry]) -> [FactMatch] {
        EntryMatching.match(facts, with: entries, zone: kyiv)
    }

    @Test func exactlyOneCandidateLinks() {
        #expect(match([fact(-8_500)], [entry(7, 8_500), entry(8, 9_000)]) == [.matches(7)])
    }

    @Test func twoCandidatesAskNeverGuess() {
        #expect(match([fact(-8_500)], [entry(9, 8_500, days: 1), entry(4, 8_500, days: -1)]) == [.ambiguous([4, 9])])
    }

    @Test func oneEntryClaimedByTwoFactsGoesToNeither() {
        let coffees = [fact(-8_500), fact(-8_500, at: Self.noon + 3_600)]
        #expect(match(coffees, [entry(7, 8_500)]) == [.ambiguous([7]), .ambiguous([7])])
        #expect(match(coffees, [entry(7, 8_500), entry(8, 8_500)]) == [.ambiguous([7, 8]), .ambiguous([7, 8])])
    }

    @Test func twoDaysApartMatchAndThreeDoNot() {
        #expect(match([fact(-8_500)], [entry(1, 8_500, days: 2)]) == [.matches(1)])
        #expect(match([fact(-8_500)], [entry(1, 8_500, days: -2)]) == [.matches(1)])
        #expect(match([fact(-8_500)], [entry(1, 8_500, days: 3)]) == [.new])
        #expect(match([fact(-8_500)], [entry(1, 8_501)]) == [.new], "a kopiyka off is another purchase")
    }

    @Test func theDayIsTheHouseholdsNotUTCs() {
        // 2026-10-12 00:30 in Kyiv is still the 11th in UTC: two days before the 14th in Kyiv, three in UTC.
        let lateNight = fact(-8_500, at: 1_791_754_200)
        #expect(EntryMatching.match([lateNight], with: [entry(1, 8_500)], zone: kyiv) == [.matches(1)])
        #expect(EntryMatching.match([lateNight], with: [entry(1, 8_500)], zone: .utc) == [.new])
    }

    @Test func aLinkedEntryIsNeverOfferedAgain() {
        #expect(match([fact(-8_500)], [entry(1, 8_500, linked: true)]) == [.new])
        #expect(match([fact(-8_500)], [entry(1, 8_500, linked: true), entry(2, 8_500)]) == [.matches(2)])
    }

    @Test func currencyMustAgreeButTheOperationsOwnCounts() {
        #expect(match([fact(-8_500)], [entry(1, 8_500, .usd)]) == [.new])
        let euros = fact(-43_109, operation: Money(minorUnits: -1_040, currency: .eur))
        #expect(match([euros], [entry(1, 1_040, .eur)]) == [.matches(1)])
        #expect(match([euros], [entry(1, 43_109)]) == [.matches(1)])
    }

    @Test func theKindMustAgreeWithTheDirection() {
        #expect(match([fact(-8_500)], [entry(1, 8_500, kind: .income)]) == [.new])
        #expect(match([fact(8_500)], [entry(1, 8_500, kind: .expense)]) == [.new])
        #expect(match([fact(8_500)], [entry(1, 8_500, kind: .income)]) == [.matches(1)])
        #expect(match([fact(-200_000), fact(200_000, at: Self.noon + 86_400)], [entry(1, 200_000, kind: .transfer)])
                == [.ambiguous([1]), .ambiguous([1])], "a transfer fits either side, so two sides ask")
    }

    /// Its time is `kopiyka bench statements`'s to print; here, that each of 10,000 facts finds
    /// its own entry among 10,000.
    @Test func tenThousandFactsFindTheirOwnEntries() {
        let facts = (0..<10_000).map { fact(-Int64(1_000 + $0), at: Self.noon + Int64($0 % 30) * 86_400) }
        let entries = (0..<10_000).map { entry(Int64($0), Int64(1_000 + $0), days: $0 % 30) }
        let matches = match(facts, entries)
        #expect(matches.enumerated().allSatisfy { $1 == .matches(Int64($0)) })
    }
}
