import KopiykaCore

/// A typed entry as the reconciliation sees it: what the ledger passes in, nothing more.
public struct TypedEntry: Equatable, Sendable {
    public enum Kind: Sendable { case expense, income, transfer }

    public var id: Int64
    /// As the member typed it: positive.
    public var amount: Money
    public var date: LocalDate
    public var kind: Kind
    /// Already one purchase with another fact: never offered again.
    public var isLinked: Bool

    public init(id: Int64, amount: Money, date: LocalDate, kind: Kind, isLinked: Bool = false) {
        self.id = id
        self.amount = amount
        self.date = date
        self.kind = kind
        self.isLinked = isLinked
    }
}

/// What a fact is to the typed entries.
public enum FactMatch: Equatable, Sendable {
    /// No typed entry is this purchase: the fact stands alone.
    case new
    /// Exactly this entry is the same purchase: link them silently.
    case matches(Int64)
    /// More than one entry could be it: ask the member, never guess. Ids ascending.
    case ambiguous([Int64])
}

/// Finds, for each fact, the typed entries that are the same purchase.
///
/// A typed entry is a candidate for a fact when all hold:
/// - it is not linked to a fact already;
/// - its amount equals the fact's amount without sign, in the same currency, or the fact's
///   operation amount in that currency (typed `10.40 €`, paid from a hryvnia card);
/// - its kind agrees with the direction: an expense with money out, an income with money in,
///   a transfer with either;
/// - its date is within `days` (2) of the fact's day in the household's zone: banks post a
///   day or two late, and people type a day or two early or late.
///
/// One candidate links; several ask. And an entry that is the only candidate of two facts
/// (two coffees at 85 on one day, one typed) links to neither: both facts ask, since giving it
/// to either is a guess. Matches are never made by elimination.
///
/// Pure. Cost: O(facts + entries), by an index on currency and amount.
public enum EntryMatching {
    public static func match(_ facts: [BankFact], with entries: [TypedEntry], zone: ZoneRules, days: Int = 2) -> [FactMatch] {
        struct Key: Hashable { var currency: String, minor: Int64 }
        var index: [Key: [Int]] = [:]
        for (position, entry) in entries.enumerated() where !entry.isLinked {
            index[Key(currency: entry.amount.currency.code, minor: entry.amount.minorUnits.magnitude.clamped), default: []].append(position)
        }
        let candidates: [[Int]] = facts.map { fact in
            let day = LocalDate(fact.time, in: zone).daysSinceEpoch
            let outgoing = fact.amount.minorUnits < 0
            var keys = [Key(currency: fact.amount.currency.code, minor: fact.amount.minorUnits.magnitude.clamped)]
            if let operation = fact.operationAmount {
                keys.append(Key(currency: operation.currency.code, minor: operation.minorUnits.magnitude.clamped))
            }
            var found: [Int] = []
            for key in keys {
                for position in index[key] ?? [] where !found.contains(position) {
                    let entry = entries[position]
                    let direction = entry.kind == .transfer || (entry.kind == .expense) == outgoing
                    if direction, abs(entry.date.daysSinceEpoch - day) <= days { found.append(position) }
                }
            }
            return found
        }
        // Entries that are the sole candidate of more than one fact.
        var soleClaims: [Int: Int] = [:]
        for found in candidates where found.count == 1 { soleClaims[found[0], default: 0] += 1 }
        return candidates.map { found in
            let ids = found.map { entries[$0].id }.sorted()
            switch found.count {
            case 0: return .new
            case 1 where soleClaims[found[0]] == 1: return .matches(ids[0])
            default: return .ambiguous(ids)
            }
        }
    }
}

extension UInt64 {
    /// The magnitude of an `Int64` back in `Int64`; `Int64.min`'s has no room and stays apart.
    var clamped: Int64 { Int64(exactly: self) ?? Int64.max }
}
