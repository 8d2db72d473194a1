import KopiykaCore

/// Picks an entry's kind and category from the words left in its note.
///
/// Evidence ranks: a multi-word name (`Bolt Food`) beats a word said exactly, which beats a
/// word recognised by its stem, which beats a one-typo match; fuzzy matching only runs when
/// nothing else matched. Among equals, the earlier word wins. An income word makes the entry
/// income; the category always agrees with the kind.
struct Categorizer {
    let lexicon: Lexicon

    /// One-typo lookups a whole message may make (a word and its stem are two). A message names
    /// its category in its first words; 32 lookups (about 15 µs in a release build) cover any
    /// real message and keep 4 KB of unknown words as cheap as a short one.
    static let fuzzyLookupLimit = 32

    private struct Evidence {
        var category: CategoryKey
        var strength: Int
        var position: Int
    }

    /// Verbs of paying and giving: one typo from a category word (`заплатив` from `зарплати`),
    /// never one.
    private static let neverFuzzy: Set<WordKey> = Set((MessageCues.spendingVerbs + " " + ReceivedMoney.cueWords)
        .split(whereSeparator: \.isWhitespace).map { WordKey(String($0)) })

    private static let fuel = CategoryKey(rawValue: "fuel")
    private static let utilities = CategoryKey(rawValue: "utilities")

    /// `paid`: the writer says they paid (`Rozetka замовлення оплатила`), so an income word
    /// (`замовлення`, a freelancer's order) does not make the entry income; `plus` still does.
    func choose(_ tokens: [Token], _ range: Range<Int>, consumed: TokenFlags, meanings: [Meaning?],
                exact: [Bool], stems: [String], plus: Bool, paid: Bool = false, cost: inout ParseCost) -> (EntryKind, CategoryKey) {
        var evidence: [Evidence] = []
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard !consumed[i], tokens[i].kind == .word else { continue }
            if let (category, length) = phrase(tokens, at: i, range, consumed: consumed, stems: stems) {
                evidence.append(Evidence(category: category, strength: 3, position: i))
                i += length - 1
            } else if case .category(let category)? = meanings[i] {
                evidence.append(Evidence(category: category, strength: exact[i] ? 2 : 1, position: i))
            }
        }
        if evidence.isEmpty {
            for i in range where !consumed[i] && tokens[i].kind == .word && meanings[i] == nil
                && !Categorizer.neverFuzzy.contains(WordKey(tokens[i].text)) {
                guard cost.fuzzyLookups < Categorizer.fuzzyLookupLimit else { break }
                var found = lexicon.fuzzy.lookup(tokens[i].text, cost: &cost)
                // The stem's look-up counts too: the limit holds across both.
                if found == nil, cost.fuzzyLookups < Categorizer.fuzzyLookupLimit { found = lexicon.fuzzy.lookup(stems[i], cost: &cost) }
                if case .category(let category)? = found {
                    evidence.append(Evidence(category: category, strength: 0, position: i))
                }
            }
        }
        let kind: EntryKind = plus || (!paid && evidence.contains { $0.category.kind == .income }) ? .income : .expense
        // `other` (`Нова пошта`) only when nothing more specific is said: `кросівки нова пошта`.
        let agreeing = evidence.filter { $0.category.kind == kind }
        let specific = agreeing.filter { $0.category != .other }
        let best = (specific.isEmpty ? agreeing : specific)
            .min { ($1.strength, $0.position) < ($0.strength, $1.position) }
        // Gas at a station (`газ 600 окко`) is fuel, not the bill.
        if best?.category == Categorizer.utilities, agreeing.contains(where: { $0.category == Categorizer.fuel }) {
            return (kind, Categorizer.fuel)
        }
        return (kind, best?.category ?? (kind == .income ? .otherIncome : .other))
    }

    private func phrase(_ tokens: [Token], at i: Int, _ range: Range<Int>, consumed: TokenFlags, stems: [String]) -> (CategoryKey, Int)? {
        guard let candidates = lexicon.phrases(startingWith: stems[i]) else { return nil }
        for candidate in candidates {
            guard case .category(let category) = candidate.meaning, i + candidate.stems.count <= range.upperBound
            else { continue }
            let matches = candidate.stems.indices.dropFirst().allSatisfy { k in
                let token = tokens[i + k]
                // A name may hold digits (`United24`, `А-95`) while they are not the amount.
                if token.kind == .number { return !consumed[i + k] && token.text == candidate.stems[k] }
                return !consumed[i + k] && token.kind == .word
                    && (stems[i + k] == candidate.stems[k] || Stemmer.alternateStem(token.text) == candidate.stems[k])
            }
            if matches { return (category, candidate.stems.count) }
        }
        return nil
    }
}
