/// One-typo matching by deletion neighbourhoods: every vocabulary word of five or more letters
/// is stored with each one-letter deletion of it, so a lookup is at most `n + 1` hash probes
/// (the word and its deletions) and covers one deleted, inserted, changed or swapped letter.
/// Keys that two meanings share are poisoned rather than guessed. A word more than one letter
/// longer than the longest stored one cannot match, so a lookup costs at most
/// `(maximumLength + 2)²` scalars hashed, whatever the word's length.
struct FuzzyIndex: Sendable {
    static let minimumLength = 5

    private var table: [WordKey: Meaning?] = [:]
    private(set) var maximumLength = 0

    mutating func add(_ word: String, _ meaning: Meaning) {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= FuzzyIndex.minimumLength else { return }
        maximumLength = max(maximumLength, scalars.count)
        insert(word, meaning)
        for deleted in FuzzyIndex.deletions(scalars) { insert(deleted, meaning) }
    }

    func lookup(_ word: String, cost: inout ParseCost) -> Meaning? {
        var count = 0
        for _ in word.unicodeScalars {
            count += 1
            if count > maximumLength + 1 { return nil }
        }
        guard count >= FuzzyIndex.minimumLength else { return nil }
        let scalars = Array(word.unicodeScalars)
        cost.fuzzyLookups += 1
        cost.fuzzyScalars += scalars.count * scalars.count
        var found: Meaning? = nil
        for key in [word] + FuzzyIndex.deletions(scalars) {
            guard let entry = table[WordKey(key)] else { continue }
            guard let meaning = entry, found == nil || found == meaning else { return nil }
            found = meaning
        }
        return found
    }

    private mutating func insert(_ key: String, _ meaning: Meaning) {
        let key = WordKey(key)
        if let existing = table[key] {
            if existing != meaning { table[key] = .some(nil) }
        } else {
            table[key] = meaning
        }
    }

    private static func deletions(_ s: [Unicode.Scalar]) -> [String] {
        (0..<s.count).map { skip in
            var view = String.UnicodeScalarView()
            for (i, c) in s.enumerated() where i != skip { view.append(c) }
            return String(view)
        }
    }
}
