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
/// 5. A transfer left unpaired is `.unpairedTransfer`, unless its words say cashback,
///    interest or a salary coming in (`.income`).
/// 6. Anything else in is `.income`, anything else out `.spending`.
///
/// Pure. Cost: O(n log n) for transfers (`uniquePairs`); holds, which only the API has (500 a
/// call), cost O(holds × facts).
public enum FactRoles {
    public static let pairWindow: Int64 = 120
    public static let settleWindow: Int64 = 7 * 86_400

    public static func classify(_ facts: [BankFact]) -> [FactRole] {
        var roles = [FactRole?](repeating: nil, count: facts.count)
        for (hold, settled) in holdReplacements(facts) { roles[hold] = .replacedHold(by: settled) }
        for (i, fact) in facts.enumerated() where roles[i] == nil && fact.amount.minorUnits == 0 { roles[i] = .noMoney }
        for (i, fact) in facts.enumerated() where roles[i] == nil && [6010, 6011].contains(fact.mcc ?? 0) { roles[i] = .cash }
        let transfers = facts.indices.filter { roles[$0] == nil && isTransfer(facts[$0]) }
        for (a, b) in uniquePairs(transfers, facts: facts) {
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

    /// Pairs among `candidates` within `window` seconds, of opposite signs and the same
    /// amount and currency, on different accounts (or accounts a file does not name), where
    /// each side has exactly one partner.
    ///
    /// Cost: O(n log n). Each bucket (currency and amount without sign) is split by sign and
    /// sorted by time; a fact's partners are counted by binary search on the other side, less
    /// those of its own named account; 20,000 transfers of one amount were 200 million
    /// comparisons of every two.
    static func uniquePairs(_ candidates: [Int], facts: [BankFact]) -> [(Int, Int)] {
        struct Key: Hashable { var currency: String, magnitude: UInt64, outgoing: Bool }
        var sides: [Key: [Int]] = [:]
        for i in candidates where facts[i].amount.minorUnits != 0 {
            let amount = facts[i].amount
            sides[Key(currency: amount.currency.code, magnitude: amount.minorUnits.magnitude, outgoing: amount.minorUnits < 0), default: []].append(i)
        }
        var partner: [Int: Int] = [:]
        for (key, facing) in sides where !key.outgoing {
            guard let other = sides[Key(currency: key.currency, magnitude: key.magnitude, outgoing: true)] else { continue }
            let ins = TimeSide(facing, facts: facts), outs = TimeSide(other, facts: facts)
            for (a, b) in [(ins, outs), (outs, ins)] {
                for i in a.order { partner[i] = b.onlyPartner(of: i, facts: facts) }
            }
        }
        return partner.compactMap { a, b in a < b && partner[b] == a ? (a, b) : nil }.sorted { $0.0 < $1.0 }
    }

    /// One side of a bucket in time order, with each named account's times apart, so that
    /// partners within `pairWindow` are counted by binary search.
    struct TimeSide {
        struct Account: Hashable { var bank: BankFact.Bank, name: String }
        let order: [Int]
        let times: [Int64]
        let accountTimes: [Account: [Int64]]
        /// The first position after each one whose account differs from its own.
        let nextOtherAccount: [Int]

        init(_ indexes: [Int], facts: [BankFact]) {
            order = indexes.sorted { (second(facts[$0]), $0) < (second(facts[$1]), $1) }
            times = order.map { second(facts[$0]) }
            var accountTimes: [Account: [Int64]] = [:]
            for i in order where !facts[i].account.isEmpty {
                accountTimes[Account(bank: facts[i].bank, name: facts[i].account), default: []].append(second(facts[i]))
            }
            self.accountTimes = accountTimes
            var next = [Int](repeating: order.count, count: order.count)
            for n in order.indices.reversed().dropFirst() {
                let (this, after) = (facts[order[n]], facts[order[n + 1]])
                next[n] = this.bank == after.bank && this.account == after.account ? next[n + 1] : n + 1
            }
            nextOtherAccount = next
        }

        /// The one fact of this side `fact` may pair with, or nil for none or several.
        func onlyPartner(of i: Int, facts: [BankFact]) -> Int? {
            let fact = facts[i], t = second(fact)
            let lower = t &- FactRoles.pairWindow, upper = t &+ FactRoles.pairWindow
            let (from, to) = (Self.first(in: times, atLeast: lower), Self.first(in: times, atLeast: upper &+ 1))
            var count = to - from
            let own = Account(bank: fact.bank, name: fact.account)
            if !fact.account.isEmpty, let mine = accountTimes[own] {
                count -= Self.first(in: mine, atLeast: upper &+ 1) - Self.first(in: mine, atLeast: lower)
            }
            guard count == 1 else { return nil }
            let at = !fact.account.isEmpty && Account(bank: facts[order[from]].bank, name: facts[order[from]].account) == own
                ? nextOtherAccount[from] : from
            return at < to ? order[at] : nil
        }

        /// The first position in ascending `values` holding at least `value`.
        static func first(in values: [Int64], atLeast value: Int64) -> Int {
            var (low, high) = (0, values.count)
            while low < high {
                let middle = (low + high) / 2
                if values[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    static func second(_ fact: BankFact) -> Int64 { Int64(fact.time.timeIntervalSince1970) }
}
