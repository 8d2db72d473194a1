import EntryParsing
import KopiykaCore

/// A household's learned rules, as the parser's seam asks for them. A rule of several stems
/// (learned from a note of several words) applies when the note holds all of them, and beats
/// a one-stem rule; among one-stem rules, the first of the note's stems that has one decides.
struct LearnedRules: CategoryRules {
    /// Between the stems of a rule of several words, as the ledger keeps them.
    static let separator = " "

    let byStem: [String: CategoryKey]
    /// Rules of several stems, those of the most stems first.
    let phrases: [(stems: Set<String>, category: CategoryKey)]

    init(_ rules: [(id: Int64, stem: String, category: CategoryKey)]) {
        let single = rules.filter { !$0.stem.contains(Self.separator) }
        byStem = Dictionary(single.map { ($0.stem, $0.category) }, uniquingKeysWith: { first, _ in first })
        phrases = rules.filter { $0.stem.contains(Self.separator) }
            .map { (Set($0.stem.split(separator: Character(Self.separator)).map(String.init)), $0.category) }
            .sorted { $0.stems.count > $1.stems.count }
    }

    var isEmpty: Bool { byStem.isEmpty && phrases.isEmpty }

    func category(forStems stems: [String]) -> CategoryKey? {
        if !phrases.isEmpty {
            let present = Set(stems)
            if let phrase = phrases.first(where: { $0.stems.isSubset(of: present) }) { return phrase.category }
        }
        return stems.lazy.compactMap { byStem[$0] }.first
    }
}
