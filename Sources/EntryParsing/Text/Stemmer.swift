/// Suffix stripping for Ukrainian and Russian (and a plural `s` for English): enough to make
/// `каву`, `кави`, `кавою` and `кава` one key. Vocabulary and messages go through the same
/// function, so a stem only has to be consistent, not linguistically right.
enum Stemmer {
    /// The shortest stem left after stripping; shorter words are matched whole.
    static let minimumStem = 3

    static func stem(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        guard let cut = stemLength(scalars) else { return word }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<cut])
        return String(view)
    }

    /// The stem with the Ukrainian consonant alternations before `-і` undone (`аптеці` →
    /// `аптек`, `дорозі` → `дорог`), or nil when there is none to undo.
    static func alternateStem(_ word: String) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard let last = scalars.last, last == "і", scalars.count - 1 > minimumStem else { return nil }
        let before = scalars[scalars.count - 2]
        let restored: Unicode.Scalar
        switch before {
        case "ц": restored = "к"
        case "з": restored = "г"
        default: return nil
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<(scalars.count - 2)])
        view.append(restored)
        return String(view)
    }

    private static func stemLength(_ s: [Unicode.Scalar]) -> Int? {
        guard let first = s.first, s.count > minimumStem else { return nil }
        if first.value < 0x400 {
            // English plurals: `taxis`, `dollars`; not `bus`, `glass`.
            if s.count >= 5, s[s.count - 1] == "s", s[s.count - 2] != "s" { return s.count - 1 }
            return nil
        }
        for ending in endings where ending.count <= s.count - minimumStem {
            if s[(s.count - ending.count)...].elementsEqual(ending) { return s.count - ending.count }
        }
        return nil
    }

    /// Case and number endings of nouns and adjectives, longest first.
    private static let endings: [[Unicode.Scalar]] = {
        let uk = "ією ями ами ого ому ими іми ові еві ії ію ів їв ах ях ам ям ом ем ою ею єю ій ий ої их ім ія іє ию"
        let ru = "его ему ыми ых ой ей ый ая яя ое ее ую юю ов ев ью ье"
        let single = "а я у ю і ї е є о и ы ь й"
        let all = (uk + " " + ru + " " + single).split(separator: " ").map { Array($0.unicodeScalars) }
        return all.sorted { $0.count > $1.count }
    }()
}
