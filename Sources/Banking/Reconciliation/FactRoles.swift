import FoundationEssentials
import KopiykaCore

/// What a fact is to the household's books, before any typed entry is considered.
public enum FactRole: Equatable, Sendable {
    /// Money spent: counted under its category.
    case spending
    /// Money received that is the household's income: a refund (a separate row; the purchase
    /// stays), cashback, interest, or an incoming payment that is not a transfer.
    case income
    /// One side of a move between the household's own accounts; the other side is the fact at
    /// `pairedWith`. Neither is spending nor income.
    case ownTransfer(pairedWith: Int)
    /// Cash from an ATM (MCC 6010/6011): a transfer from the card to the member's cash.
    case cash
    /// A transfer (MCC 4829, PrivatBank's `Перекази`) with no single counterpart here: to
    /// someone else, or to an account we do not see. The member says which.
    case unpairedTransfer
    /// An authorisation the settled fact at `by` replaces: not counted.
    case replacedHold(by: Int)
    /// A fact of 0 (a card check, `Перевірка картки`; an API item without an amount): it moves
    /// no money, so nothing counts it and no entry (always more than 0) can be made of it.
    case noMoney
}

/// Classifies facts among themselves. Rules, in order:
///
/// 1. **Holds**: a hold is replaced by a settled fact of the same bank and account with the
///    same bank id, or with the same amount (or operation amount) and MCC, posted from a
///    minute before to `settleWindow` (7 days) after it; only when each is the other's
///    only candidate.
/// 2. **No money**: a fact of 0 left by rule 1 is `.noMoney`, whatever its MCC.
/// 3. **Cash**: MCC 6010/6011 is cash between the card and the wallet.
/// 4. **Own transfers**: two transfer facts with opposite signs, the same amount and currency,
///    at most `pairWindow` (120 s) apart, on different accounts (or accounts the file does not
///    name), each the other's only candidate. Two candidates are never guessed between.
/// 5. A transfer left unpaired is `.unpairedTransfer`, unless its words say cashback or
///    interest (`.income`).
/// 6. Anything else in is `.income`, anything else out `.spending`.
///
/// Pure. Cost: O(n) by an index on currency and amount, plus the candidates in each bucket.
public enum FactRoles {
    public static let pairWindow: Int64 = 120
    public static let settleWindow: Int64 = 7 * 86_400

    public static func classify(_ facts: [BankFact]) -> [FactRole] {
        var roles = [FactRole?](repeating: nil, count: facts.count)
        for (hold, settled) in holdReplacements(facts) { roles[hold] = .replacedHold(by: settled) }
        for (i, fact) in facts.enumerated() where roles[i] == nil && fact.amount.minorUnits == 0 { roles[i] = .noMoney }
        for (i, fact) in facts.enumerated() where roles[i] == nil && [6010, 6011].contains(fact.mcc ?? 0) { roles[i] = .cash }
        let transfers = facts.indices.filter { roles[$0] == nil && isTransfer(facts[$0]) }
        for (a, b) in uniquePairs(transfers, facts: facts, window: pairWindow, matches: { x, y in
            // In Int128: `Int64.min` (an API item can say it) has no opposite in `Int64`.
            Int128(x.amount.minorUnits) == -Int128(y.amount.minorUnits) && (x.account != y.account || x.account.isEmpty || x.bank != y.bank)
        }) {
            roles[a] = .ownTransfer(pairedWith: b)
            roles[b] = .ownTransfer(pairedWith: a)
        }
        return facts.indices.map { i in
            if let role = roles[i] { return role }
            let fact = facts[i]
            if isTransfer(fact) { return IncomeWords.kind(of: fact.description) != nil && fact.amount.minorUnits > 0 ? .income : .unpairedTransfer }
            return fact.amount.minorUnits > 0 ? .income : .spending
        }
    }

    /// MCC 4829, or PrivatBank's `Перекази` when the file has no MCC.
    static func isTransfer(_ fact: BankFact) -> Bool {
        if let mcc = fact.mcc { return mcc == 4829 }
        return fact.bankCategory.map(BankCategories.normalized) == "перекази"
    }

    /// (hold, settled) pairs by rule 1.
    static func holdReplacements(_ facts: [BankFact]) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var holdsBySettled: [Int: [Int]] = [:]
        var settledByHold: [Int: [Int]] = [:]
        let holds = facts.indices.filter { facts[$0].isHold }
        guard !holds.isEmpty else { return [] }
        for hold in holds {
            let h = facts[hold]
            let t = Int64(h.time.timeIntervalSince1970)
            for (j, s) in facts.enumerated() where !s.isHold && s.bank == h.bank && s.account == h.account {
                let sameID = h.bankID != nil && h.bankID == s.bankID
                let ts = Int64(s.time.timeIntervalSince1970)
                let sameMoney = (s.amount == h.amount || (s.operationAmount != nil && s.operationAmount == h.operationAmount))
                    && (s.mcc == nil || h.mcc == nil || s.mcc == h.mcc) && ts >= t - 60 && ts <= t + settleWindow
                if sameID || sameMoney {
                    settledByHold[hold, default: []].append(j)
                    holdsBySettled[j, default: []].append(hold)
                }
            }
        }
        for hold in holds {
            guard let settled = settledByHold[hold], settled.count == 1, let only = settled.first,
                  holdsBySettled[only]?.count == 1
            else { continue }
            result.append((hold, only))
        }
        return result
    }

    /// Pairs among `candidates` within `window` seconds for which `matches` holds, where each
    /// side has exactly one partner. Bucketed by currency and amount without sign.
    static func uniquePairs(_ candidates: [Int], facts: [BankFact], window: Int64,
                            matches: (BankFact, BankFact) -> Bool) -> [(Int, Int)] {
        struct Key: Hashable { var currency: String, minor: Int64 }
        var buckets: [Key: [Int]] = [:]
        for i in candidates {
            buckets[Key(currency: facts[i].amount.currency.code, minor: facts[i].amount.minorUnits.magnitude.clamped), default: []].append(i)
        }
        var partners: [Int: [Int]] = [:]
        for bucket in buckets.values where bucket.count > 1 {
            for (n, a) in bucket.enumerated() {
                for b in bucket[(n + 1)...] {
                    let apart = abs(Int64(facts[a].time.timeIntervalSince1970) - Int64(facts[b].time.timeIntervalSince1970))
                    if apart <= window, matches(facts[a], facts[b]) {
                        partners[a, default: []].append(b)
                        partners[b, default: []].append(a)
                    }
                }
            }
        }
        return partners.compactMap { a, found in
            guard a < (found.first ?? a), found.count == 1, let b = found.first, partners[b]?.count == 1 else { return nil }
            return (a, b)
        }.sorted { $0.0 < $1.0 }
    }
}
