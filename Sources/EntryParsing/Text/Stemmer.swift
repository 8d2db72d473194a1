/// Suffix stripping for Ukrainian and Russian (and a plural `s` for English): enough to make
/// `каву`, `кави`, `кавою` and `кава` one key. Vocabulary and messages go through the same
/// function, so a stem only has to be consistent, not linguistically right.
enum Stemmer {
    /// The shortest stem left after stripping; shorter words are matched whole.
    static let minimumStem = 3

    static func stem(_ word: String) -> String {
        let scalars = word.unicodeScalars
        guard let cut = strippedLength(scalars) else { return word }
        return String(scalars[..<cut])
    }

    /// The stem with the Ukrainian consonant alternations before `-і` undone (`аптеці` →
    /// `аптек`, `дорозі` → `дорог`), or nil when there is none to undo.
    static func alternateStem(_ word: String) -> String? {
        let s = word.unicodeScalars
        // A stem, the consonant and `і`: shorter words (`і`, `ці`) have nothing to undo.
        guard s.last == "і", s.count >= minimumStem + 2 else { return nil }
        let beforeLast = s.index(s.endIndex, offsetBy: -2)
        let restored: Unicode.Scalar
        switch s[beforeLast] {
        case "ц": restored = "к"
        case "з": restored = "г"
        default: return nil
        }
        var view = String.UnicodeScalarView(s[..<beforeLast])
        view.append(restored)
        return String(view)
    }

    /// Where the stem ends, looking only at the last three scalars (packed into one integer,
    /// so the check allocates nothing). The longest listed ending wins.
    private static func strippedLength(_ s: String.UnicodeScalarView) -> String.Index? {
        var count = 0
        for _ in s { count += 1 }
        // Every step back below stays inside the word: it has more than `minimumStem` scalars,
        // five for the English check, and the loop takes at most `count - minimumStem` steps.
        guard let first = s.first, count > minimumStem else { return nil }
        let last = s.index(before: s.endIndex)
        if first.value < 0x400 {
            // English plurals: `taxis`, `dollars`; not `bus`, `glass`.
            guard count >= 5, s[last] == "s", s[s.index(before: last)] != "s" else { return nil }
            return last
        }
        var index = s.endIndex
        var key: UInt64 = 0
        var cut: String.Index? = nil
        for length in 1...min(3, count - minimumStem) {
            index = s.index(before: index)
            key |= UInt64(s[index].value) << (21 * UInt64(length - 1))
            if endings.contains(key) { cut = index }
        }
        return cut
    }

    /// Case and number endings of nouns and adjectives, packed as `strippedLength` reads them.
    private static let endings: Set<UInt64> = {
        let uk = "ією ями ами ого ому ими іми ові еві ії ію ів їв ах ях ам ям ом ем ою ею єю ій ий ої их ім ія іє ию"
        let ru = "его ему ыми ых ой ей ый ая яя ое ее ую юю ов ев ью ье"
        let single = "а я у ю і ї е є о и ы ь й"
        let all = (uk + " " + ru + " " + single).split(separator: " ")
        return Set(all.map { ending in ending.unicodeScalars.reduce(0) { $0 << 21 | UInt64($1.value) } })
    }()
}
