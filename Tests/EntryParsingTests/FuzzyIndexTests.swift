@testable import EntryParsing
import KopiykaCore
import Testing

/// The packed `FuzzyIndex` answers as the plain table of deletion neighbourhoods it replaced.
@Suite struct FuzzyIndexTests {
    /// The index as a dictionary of every word and its deletions, a shared key poisoned.
    struct Reference {
        var table: [String: Meaning?] = [:]
        var maximumLength = 0

        mutating func add(_ word: String, _ meaning: Meaning) {
            let scalars = Array(word.unicodeScalars)
            guard scalars.count >= FuzzyIndex.minimumLength else { return }
            maximumLength = max(maximumLength, scalars.count)
            for key in [word] + Self.deletions(scalars) {
                if let existing = table[key] {
                    if existing != meaning { table[key] = .some(nil) }
                } else {
                    table[key] = meaning
                }
            }
        }

        func lookup(_ word: String) -> Meaning? {
            let scalars = Array(word.unicodeScalars)
            guard scalars.count >= FuzzyIndex.minimumLength, scalars.count <= maximumLength + 1 else { return nil }
            var found: Meaning? = nil
            for key in [word] + Self.deletions(scalars) {
                guard let entry = table[key] else { continue }
                guard let meaning = entry, found == nil || found == meaning else { return nil }
                found = meaning
            }
            return found
        }

        static func deletions(_ s: [Unicode.Scalar]) -> [String] {
            (0..<s.count).map { skip in
                var view = String.UnicodeScalarView()
                for (i, c) in s.enumerated() where i != skip { view.append(c) }
                return String(view)
            }
        }
    }

    static let alphabet = Array("абвгдеєжзиіїйклмнопрстуфхцчшщьюяabcdefghijklmnopqrstuvwxyzʼ😀".unicodeScalars)

    /// Thousands of words (several table growths), words that share deletions across
    /// meanings, the same word under two meanings, and words too short to store.
    static func vocabulary() -> [(String, Meaning)] {
        var random = SplitMix(seed: 18)
        var words: [(String, Meaning)] = []
        for index in 0..<3_000 {
            let length = 3 + Int(random.next() % 9)
            let word = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            words.append((word, .category(CategoryKey(rawValue: "c\(index % 40)"))))
        }
        words += [("кавун", .category("food")), ("кавуна", .category("fruit")), ("кавун", .category("melon")),
                  ("ресторан", .category("cafe")), ("ресторан", .category("cafe")), ("кава", .category("cafe"))]
        return words
    }

    @Test func answersAsThePlainTable() {
        var index = FuzzyIndex()
        var reference = Reference()
        let words = Self.vocabulary()
        for (word, meaning) in words {
            index.add(word, meaning)
            reference.add(word, meaning)
        }
        #expect(index.maximumLength == reference.maximumLength)
        var random = SplitMix(seed: 7)
        var probes = ["", "кава", "кавун", "кавуна", "кавунн", "ресторн", "рестораааан", String(repeating: "я", count: 40)]
        for (word, _) in words {
            var scalars = Array(word.unicodeScalars)
            probes.append(word)
            guard !scalars.isEmpty else { continue }
            let at = Int(random.next() % UInt64(scalars.count))
            let letter = Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
            switch random.next() % 3 {
            case 0: scalars.remove(at: at)
            case 1: scalars.insert(letter, at: at)
            default: scalars[at] = letter
            }
            probes.append(String(String.UnicodeScalarView(scalars)))
        }
        var matched = 0
        for probe in probes {
            var cost = ParseCost()
            let found = index.lookup(probe, cost: &cost)
            #expect(found == reference.lookup(probe), "\(probe)")
            if found != nil { matched += 1 }
        }
        #expect(matched > 1_000)
        var cost = ParseCost()
        #expect(index.lookup("кавун", cost: &cost) == nil, "a key two meanings share is poisoned")
        #expect(index.lookup("ресторн", cost: &cost) == .category("cafe"))
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
