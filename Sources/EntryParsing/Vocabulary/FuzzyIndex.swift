/// One-typo matching by deletion neighbourhoods: every vocabulary word of five or more letters
/// is stored with each one-letter deletion of it, so a lookup is at most `n + 1` hash probes
/// (the word and its deletions) and covers one deleted, inserted, changed or swapped letter.
/// Keys that two meanings share are poisoned rather than guessed. A word more than one letter
/// longer than the longest stored one cannot match, so a lookup costs at most
/// `(maximumLength + 2)²` scalars hashed, whatever the word's length.
///
/// Memory: the keys' UTF-8 back to back, 8 bytes a key and 4 a slot of an open-addressing
/// table, about 1.3 MB for the shipped vocabularies; a `[String: Meaning?]` of the same keys
/// held 2.4 MB of buckets besides a heap string for every key over 15 bytes, which is most
/// Cyrillic ones.
struct FuzzyIndex: Sendable {
    static let minimumLength = 5

    private struct Key: Sendable {
        var start: UInt32
        var count: UInt16
        /// An index into `meanings`, or `poisoned`.
        var meaning: UInt16
    }

    private static let poisoned = UInt16.max

    private var bytes: [UInt8] = []
    private var keys: [Key] = []
    /// Index into `keys` plus one; 0 is an empty slot. Never more than half full.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private var meanings: [Meaning] = []
    private(set) var maximumLength = 0

    mutating func add(_ word: String, _ meaning: Meaning) {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= FuzzyIndex.minimumLength else { return }
        maximumLength = max(maximumLength, scalars.count)
        let index = meaningIndex(meaning)
        let word = Word(scalars)
        var buffer: [UInt8] = []
        for skip in -1..<scalars.count {
            word.encode(skipping: skip, into: &buffer)
            insert(buffer, index)
        }
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
        var found: UInt16? = nil
        let whole = Word(scalars)
        var buffer: [UInt8] = []
        for skip in -1..<scalars.count {
            whole.encode(skipping: skip, into: &buffer)
            guard let key = find(buffer) else { continue }
            let meaning = keys[key].meaning
            guard meaning != FuzzyIndex.poisoned, found == nil || found == meaning else { return nil }
            found = meaning
        }
        return found.map { meanings[Int($0)] }
    }

    /// A word's UTF-8 and where each of its scalars starts in it.
    private struct Word {
        var utf8: [UInt8] = []
        var starts: [Int] = []

        init(_ scalars: [Unicode.Scalar]) {
            for scalar in scalars {
                starts.append(utf8.count)
                utf8.append(contentsOf: scalar.utf8)
            }
            starts.append(utf8.count)
        }

        /// The word without its scalar at `skip` (-1: the whole word).
        func encode(skipping skip: Int, into buffer: inout [UInt8]) {
            buffer.removeAll(keepingCapacity: true)
            guard skip >= 0 else { return buffer.append(contentsOf: utf8) }
            buffer.append(contentsOf: utf8[..<starts[skip]])
            buffer.append(contentsOf: utf8[starts[skip + 1]...])
        }
    }

    private mutating func meaningIndex(_ meaning: Meaning) -> UInt16 {
        if let index = meanings.firstIndex(of: meaning) { return UInt16(index) }
        precondition(meanings.count < Int(FuzzyIndex.poisoned), "too many meanings for the fuzzy index")
        meanings.append(meaning)
        return UInt16(meanings.count - 1)
    }

    private mutating func insert(_ key: [UInt8], _ meaning: UInt16) {
        if let existing = find(key) {
            if keys[existing].meaning != meaning { keys[existing].meaning = FuzzyIndex.poisoned }
            return
        }
        if (keys.count + 1) * 2 > slots.count { grow() }
        keys.append(Key(start: UInt32(bytes.count), count: UInt16(key.count), meaning: meaning))
        bytes.append(contentsOf: key)
        place(keys.count - 1, hash: FuzzyIndex.hash(key))
    }

    private func find(_ key: [UInt8]) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: FuzzyIndex.hash(key)) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            let stored = keys[index]
            if Int(stored.count) == key.count,
               bytes[Int(stored.start)..<Int(stored.start) + key.count].elementsEqual(key) {
                return index
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ index: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for index in keys.indices {
            let key = keys[index]
            place(index, hash: FuzzyIndex.hash(bytes[Int(key.start)..<Int(key.start) + Int(key.count)]))
        }
    }

    /// FNV-1a: the same in every process, and enough for keys that are words.
    private static func hash<Bytes: Sequence<UInt8>>(_ key: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
