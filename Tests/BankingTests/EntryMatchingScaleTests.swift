import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// The indexed matcher against the rules read literally (every fact against every entry), and
/// at the sizes a hostile or busy member brings: 3,000 typed `кава 85` against 3,000 such rows.
@Suite struct EntryMatchingScaleTests {
    /// 2026-10-14 12:00 in Kyiv.
    static let noon: Int64 = 1_791_968_400
    static let day = LocalDate(year: 2026, month: 10, day: 14)!

    /// The rules of `EntryMatching` as its documentation states them, at O(facts × entries):
    /// what the index must agree with.
    static func literal(_ facts: [BankFact], _ entries: [TypedEntry], days: Int) -> [FactMatch] {
        let candidates: [[Int]] = facts.map { fact in
            let day = LocalDate(fact.time, in: kyiv).daysSinceEpoch
            let amounts = [fact.amount] + (fact.operationAmount.map { [$0] } ?? [])
            return entries.indices.filter { position in
                let entry = entries[position]
                let sameMoney = amounts.contains {
                    $0.currency == entry.amount.currency && $0.minorUnits.magnitude == entry.amount.minorUnits.magnitude
                }
                let direction = entry.kind == .transfer || (entry.kind == .expense) == (fact.amount.minorUnits < 0)
                return !entry.isLinked && sameMoney && direction && abs(entry.date.daysSinceEpoch - day) <= days
            }
        }
        var soleClaims: [Int: Int] = [:]
        for found in candidates where found.count == 1 { soleClaims[found[0], default: 0] += 1 }
        return candidates.map { found in
            let ids = found.map { entries[$0].id }.sorted()
            switch found.count {
            case 0: return .new
            case 1 where soleClaims[found[0]] == 1: return .matches(ids[0])
            default: return .ambiguous(Array(ids.prefix(EntryMatching.namedCandidates)))
            }
        }
    }

    /// A popular price on one day (many facts share candidates and ask) beside sixty prices
    /// over six weeks (facts link, stand alone, or claim one entry twice).
    static func world(seed: UInt64, facts factCount: Int, entries entryCount: Int) -> ([BankFact], [TypedEntry]) {
        var random = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        func price() -> (minor: Int64, day: Int) {
            pick(4) == 0 ? (8_500, 0) : (Int64(1_000 + 37 * pick(60)), pick(42) - 21)
        }
        let facts = (0..<factCount).map { _ -> BankFact in
            let (minor, day) = price(), sign: Int64 = pick(4) == 0 ? 1 : -1
            let operation = pick(4) == 0 ? Money(minorUnits: price().minor * sign, currency: .eur) : nil
            return BankFact(bank: .monobank, account: "", time: Date(timeIntervalSince1970: Double(noon + Int64(day * 86_400 + pick(40_000) - 20_000))),
                            amount: Money(minorUnits: minor * sign, currency: .uah), operationAmount: operation, mcc: 5814, description: "Кава")
        }
        var ids = Array(Int64(1)...Int64(entryCount))
        ids.shuffle(using: &random)
        let kinds: [TypedEntry.Kind] = [.expense, .expense, .expense, .income, .transfer]
        let currencies: [Currency] = [.uah, .uah, .uah, .eur]
        let entries = ids.map { id in
            let (minor, day) = price()
            return TypedEntry(id: id, amount: Money(minorUnits: minor, currency: currencies[pick(currencies.count)]),
                              date: Self.day.adding(days: day), kind: kinds[pick(kinds.count)], isLinked: pick(10) == 0)
        }
        return (facts, entries)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theIndexAgreesWithTheRulesReadLiterally(seed: UInt64) async throws {
        let (facts, entries) = Self.world(seed: seed, facts: 300, entries: 400)
        for days in [2, 7] {
            let (found, expected) = try await offThePool {
                (EntryMatching.match(facts, with: entries, zone: kyiv, days: days), Self.literal(facts, entries, days: days))
            }
            #expect(found == expected, "seed \(seed), \(days) days")
            #expect(found.contains { if case .matches = $0 { true } else { false } }, "the world links some")
            #expect(found.contains { if case .ambiguous(let ids) = $0 { ids.count == EntryMatching.namedCandidates } else { false } },
                    "and asks about some with more candidates than it names")
        }
    }

    /// Every one asks, each naming the twenty lowest ids: found by one look-up a fact.
    @Test func threeThousandCoffeesAgainstThreeThousandRowsAsk() async throws {
        let facts = (0..<3_000).map { i in
            BankFact(bank: .monobank, account: "", time: Date(timeIntervalSince1970: Double(Self.noon + Int64(i))),
                     amount: Money(minorUnits: -8_500, currency: .uah), operationAmount: Money(minorUnits: -8_500, currency: .uah),
                     mcc: 5814, description: "Кава")
        }
        let entries = (0..<3_000).map { TypedEntry(id: Int64(3_000 - $0), amount: Money(minorUnits: 8_500, currency: .uah), date: Self.day, kind: .expense) }
        let named = Array(Int64(1)...Int64(EntryMatching.namedCandidates))
        let (two, seven) = try await offThePool {
            (EntryMatching.match(facts, with: entries, zone: kyiv), EntryMatching.match(facts, with: entries, zone: kyiv, days: 7))
        }
        #expect(two == Array(repeating: .ambiguous(named), count: 3_000))
        #expect(seven == Array(repeating: .ambiguous(named), count: 3_000))
    }
}
