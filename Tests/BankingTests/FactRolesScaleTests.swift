import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// Own transfers paired by sorted sides against the rule read literally (every two transfers
/// compared), and at the size of a whole capped statement of one amount.
@Suite struct FactRolesScaleTests {
    static let t0: Int64 = 1_791_968_400

    /// Rule 4 of `FactRoles` as stated: each pair of transfers within the window, opposite,
    /// on different accounts; kept when each is the other's only candidate.
    static func literalPairs(_ facts: [BankFact]) -> Set<[Int]> {
        var partners: [Int: [Int]] = [:]
        for a in facts.indices {
            for b in facts.indices where a < b {
                let (x, y) = (facts[a], facts[b])
                let apart = abs(Int64(x.time.timeIntervalSince1970) - Int64(y.time.timeIntervalSince1970))
                if x.amount.currency == y.amount.currency, Int128(x.amount.minorUnits) == -Int128(y.amount.minorUnits),
                   x.amount.minorUnits != 0, apart <= FactRoles.pairWindow,
                   x.account != y.account || x.account.isEmpty || x.bank != y.bank {
                    partners[a, default: []].append(b)
                    partners[b, default: []].append(a)
                }
            }
        }
        return Set(partners.compactMap { a, found in
            found.count == 1 && partners[found[0]]?.count == 1 && a < found[0] ? [a, found[0]] : nil
        })
    }

    static func pairs(_ roles: [FactRole]) -> Set<[Int]> {
        Set(roles.enumerated().compactMap { i, role in
            if case .ownTransfer(let other) = role, i < other { return [i, other] }
            return nil
        })
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func sortedSidesPairAsTheRuleReadLiterally(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let accounts = ["", "", "a", "b", "c"]
        let facts = (0..<400).map { _ in
            BankFact(bank: pick(2) == 0 ? .monobank : .privatbank, account: accounts[pick(accounts.count)],
                     time: Date(timeIntervalSince1970: Double(Self.t0 + Int64(pick(3_000)))),
                     amount: Money(minorUnits: Int64(pick(6) + 1) * 10_000 * (pick(2) == 0 ? 1 : -1), currency: pick(5) == 0 ? .usd : .uah),
                     mcc: 4829, description: "Переказ")
        }
        let (found, expected) = try await offThePool { (Self.pairs(FactRoles.classify(facts)), Self.literalPairs(facts)) }
        #expect(found == expected, "seed \(seed)")
        #expect(!expected.isEmpty, "the world pairs some")
    }

    /// 20,000 transfers of one amount, out and in by turns a second apart: each has two or
    /// more partners, so none pairs; sorted, that is a binary search a fact.
    @Test func twentyThousandTransfersOfOneAmountPairNone() async throws {
        let facts = (0..<20_000).map { i in
            BankFact(bank: .monobank, account: "", time: Date(timeIntervalSince1970: Double(Self.t0 + Int64(i))),
                     amount: Money(minorUnits: i % 2 == 0 ? -10_000 : 10_000, currency: .uah), mcc: 4829, description: "Переказ")
        }
        let roles = try await offThePool { FactRoles.classify(facts) }
        #expect(roles.allSatisfy { $0 == .unpairedTransfer })
    }
}
