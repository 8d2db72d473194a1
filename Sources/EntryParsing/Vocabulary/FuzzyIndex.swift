/// One-typo matching by deletion neighbourhoods: every vocabulary word of five or more letters
/// is stored with each one-letter deletion of it, so a lookup is at most `n + 1` hash probes
/// (the word and its deletions) and covers one deleted, inserted, changed or swapped letter.
/// Keys that two meanings share are poisoned rather than guessed.
struct FuzzyIndex: Sendable {
    static let minimumLength = 5

    private var table: [WordKey: Meaning?] = [:]

    mutating func add(_ word: String, _ meaning: Meaning) {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= FuzzyIndex.minimumLength else { return }
        insert(word, meaning)
        for deleted in FuzzyIndex.deletions(scalars) { insert(deleted, meaning) }
    }

    func lookup(_ word: String) -> Meaning? {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= FuzzyIndex.minimumLength else { return nil }
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
