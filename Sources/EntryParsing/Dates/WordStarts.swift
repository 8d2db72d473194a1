/// The first three letters of a set of words, to rule a word out before a lookup that hashes
/// it: hashing Cyrillic text normalizes it first, and most words are in no such set.
struct WordStarts {
    private let starts: Set<UInt64>

    init(_ words: some Sequence<String>) {
        starts = Set(words.map { Self.packed($0.unicodeScalars.prefix(3)) })
    }

    /// True when `word` (or any word it begins) is certainly not one of the words. Decided
    /// only for Latin and Cyrillic letters without combining marks, where a word has a single
    /// form; anything else may be one of them.
    func excludes(_ word: String) -> Bool {
        var scalars = word.unicodeScalars.makeIterator()
        var key: UInt64 = 0
        for _ in 0..<3 {
            guard let scalar = scalars.next() else { break }
            guard Self.hasOneForm(scalar) else { return false }
            key = key << 21 | UInt64(scalar.value)
        }
        guard !starts.contains(key) else { return false }
        // The rest must have one form too, or a word could equal one of them after all.
        while let scalar = scalars.next() { guard Self.hasOneForm(scalar) else { return false } }
        return true
    }

    private static func hasOneForm(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x300 || (0x400..<0x500).contains(scalar.value)
    }

    private static func packed(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
        scalars.reduce(0) { $0 << 21 | UInt64($1.value) }
    }
}
