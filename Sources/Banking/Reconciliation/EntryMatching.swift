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
    /// More than one entry could be it: ask the member, never guess. Ids ascending, the first
    /// `EntryMatching.namedCandidates` of them (always at least two).
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
/// Pure. Cost: O(entries log entries) to index them by currency, amount, kind and day, then
/// O(2 × (2 × `days` + 1)) look-ups a fact, whatever the number of candidates: 3,000 typed
/// `кава 85` against 3,000 such rows on one day cost a look-up each, not 3,000² candidates.
public enum EntryMatching {
    /// Why 20: the ids are what a member could be shown; nobody picks among thousands, and
    /// naming all of them made 3,000 coffees against 3,000 rows cost 9 million ids.
    public static let namedCandidates = 20

    public static func match(_ facts: [BankFact], with entries: [TypedEntry], zone: ZoneRules, days: Int = 2) -> [FactMatch] {
        let index = CandidateIndex(entries)
        let candidates = facts.map { index.candidates(of: $0, day: LocalDate($0.time, in: zone).daysSinceEpoch, days: days) }
        // Entries that are the sole candidate of more than one fact.
        var soleClaims: [Int: Int] = [:]
        for found in candidates where found.count == 1 { soleClaims[found.first[0], default: 0] += 1 }
        return candidates.map { found in
            switch found.count {
            case 0: return .new
            case 1 where soleClaims[found.first[0]] == 1: return .matches(entries[found.first[0]].id)
            default: return .ambiguous(found.first.map { entries[$0].id })
            }
        }
    }

    /// How many entries could be a fact, and the first `namedCandidates` of them (positions in
    /// `entries`, by id).
    struct Candidates {
        var count: Int
        var first: [Int]
    }

    struct Candidate: Comparable {
        var id: Int64, position: Int
        static func < (a: Candidate, b: Candidate) -> Bool { (a.id, a.position) < (b.id, b.position) }
    }

    /// The unlinked entries by currency, amount, kind and day; each bucket's positions in id order.
    struct CandidateIndex {
        struct Key: Hashable {
            var currency: String, minor: Int64, kind: TypedEntry.Kind, day: Int
        }

        /// (id, position) pairs, ascending.
        let buckets: [Key: [Candidate]]

        init(_ entries: [TypedEntry]) {
            var buckets: [Key: [Candidate]] = [:]
            for (position, entry) in entries.enumerated() where !entry.isLinked {
                let key = Key(currency: entry.amount.currency.code, minor: entry.amount.minorUnits.magnitude.clamped,
                              kind: entry.kind, day: entry.date.daysSinceEpoch)
                buckets[key, default: []].append(Candidate(id: entry.id, position: position))
            }
            for key in buckets.keys { buckets[key]?.sort() }
            self.buckets = buckets
        }

        /// Cost: a look-up per amount, kind and day in the window, then a sort of at most
        /// `namedCandidates` positions from each bucket found.
        func candidates(of fact: BankFact, day: Int, days: Int) -> Candidates {
            var amounts = [(fact.amount.currency.code, fact.amount.minorUnits.magnitude.clamped)]
            if let operation = fact.operationAmount,
               (operation.currency.code, operation.minorUnits.magnitude.clamped) != amounts[0] {
                amounts.append((operation.currency.code, operation.minorUnits.magnitude.clamped))
            }
            let kinds: [TypedEntry.Kind] = [fact.amount.minorUnits < 0 ? .expense : .income, .transfer]
            var count = 0, first: [Candidate] = []
            for (currency, minor) in amounts {
                for kind in kinds {
                    for near in (day - days)...(day + days) {
                        guard let bucket = buckets[Key(currency: currency, minor: minor, kind: kind, day: near)] else { continue }
                        count += bucket.count
                        first += bucket.prefix(EntryMatching.namedCandidates)
                    }
                }
            }
            return Candidates(count: count, first: first.sorted().prefix(EntryMatching.namedCandidates).map(\.position))
        }
    }
}

extension UInt64 {
    /// The magnitude of an `Int64` back in `Int64`; `Int64.min`'s has no room and stays apart.
    var clamped: Int64 { Int64(exactly: self) ?? Int64.max }
}
