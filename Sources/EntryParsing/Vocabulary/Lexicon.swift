import KopiykaCore

/// The vocabulary files turned into lookup tables, once, at first use. A class: every stage of
/// a parse holds it, and one reference is cheaper to hand on than six tables (a struct copy
/// retained each of them, a tenth of the time of a message with many entries).
final class Lexicon: Sendable {
    struct Phrase: Sendable {
        var stems: [String]
        var meaning: Meaning
    }

    private let tables: Tables
    var fuzzy: FuzzyIndex { tables.fuzzy }

    /// Merchants first: a brand name is the most specific word a message can hold.
    static let shared = Lexicon(sources: [Vocabulary.merchants, Vocabulary.uk, Vocabulary.ru, Vocabulary.en])

    init(sources: [String]) {
        tables = Tables(sources: sources)
    }

    /// A word's meaning by exact form, then by stem (with Ukrainian alternations undone).
    func meaning(of word: String, stem: String) -> (meaning: Meaning, exact: Bool)? {
        if let found = tables.exact[WordKey(word)] { return (found, true) }
        if let found = tables.stems[WordKey(stem)] { return (found, false) }
        if let alternate = Stemmer.alternateStem(word), let found = tables.stems[WordKey(alternate)] { return (found, false) }
        return nil
    }

    func number(_ word: String) -> NumberWord? { tables.numbers[WordKey(word)] }

    /// Multi-word names whose first word has this stem, longest first.
    func phrases(startingWith stem: String) -> [Phrase]? { tables.phrases[WordKey(stem)] }

    static func words(of item: Substring) -> [String] {
        Tokenizer.tokens(Array(item.unicodeScalars)).compactMap { $0.kind == .word || $0.kind == .number ? $0.text : nil }
    }
}

/// The tables, built line by line from the vocabulary sources.
private struct Tables: Sendable {
    var exact: [WordKey: Meaning] = [:]
    var stems: [WordKey: Meaning] = [:]
    var numbers: [WordKey: NumberWord] = [:]
    /// Multi-word names by the stem of their first word, longest first.
    var phrases: [WordKey: [Lexicon.Phrase]] = [:]
    var fuzzy = FuzzyIndex()

    init(sources: [String]) {
        var categoryLines: [(Meaning, [[String]])] = []
        for source in sources {
            for line in source.split(whereSeparator: { $0 == "\n" }) {
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("//") else { continue }
                let key = line[..<colon].trimmingSpaces
                let items = line[line.index(after: colon)...].split(separator: ",").map(Lexicon.words(of:)).filter { !$0.isEmpty }
                if let meaning = Tables.specialMeaning(key) {
                    for words in items { add(words, meaning, special: true) }
                } else if let number = Tables.numberWord(key) {
                    for words in items where words.count == 1 { numbers[WordKey(words[0])] = numbers[WordKey(words[0])] ?? number }
                } else {
                    categoryLines.append((.category(CategoryKey(rawValue: key)), items))
                }
            }
        }
        for (meaning, items) in categoryLines {
            for words in items { add(words, meaning, special: false) }
        }
        for key in phrases.keys { phrases[key]?.sort { $0.stems.count > $1.stems.count } }
    }

    private mutating func add(_ words: [String], _ meaning: Meaning, special: Bool) {
        guard let word = words.first else { return }
        if words.count > 1 {
            phrases[WordKey(Stemmer.stem(word)), default: []].append(Lexicon.Phrase(stems: words.map(Stemmer.stem), meaning: meaning))
            return
        }
        if exact[WordKey(word)] == nil { exact[WordKey(word)] = meaning }
        switch meaning {
        case .category, .account:
            let stem = Stemmer.stem(word)
            if stems[WordKey(stem)] == nil { stems[WordKey(stem)] = meaning }
            if case .category = meaning {
                fuzzy.add(word, meaning)
                if stem != word { fuzzy.add(stem, meaning) }
            }
        default:
            break
        }
    }

    private static func specialMeaning(_ key: String) -> Meaning? {
        let parts = key.split(separator: ".", maxSplits: 1)
        let argument = parts.count > 1 ? String(parts[1]) : ""
        switch parts.first ?? "" {
        case "account": return .account(AccountKey(rawValue: argument))
        case "currency": return Currency(code: argument).map(Meaning.currency)
        case "minor": return .minorUnit
        case "date": return Int(argument).map(Meaning.daysAgo)
        case "month": return Int(argument).map(Meaning.month)
        case "private": return .privateTag
        case "preposition": return .preposition
        default: return nil
        }
    }

    private static func numberWord(_ key: String) -> NumberWord? {
        let parts = key.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        switch (parts[0], parts[1]) {
        case ("number", "hundred"): return .hundred
        case ("number", "half"): return .half
        case ("number", "and"): return .and
        case ("number", "filler"): return .filler
        case ("number", "1.5"): return .value(150, rank: .unit)
        case ("number", let n):
            guard let value = Int64(n) else { return nil }
            let rank: NumberWord.Rank = value < 10 ? .unit : value < 20 ? .teen : value < 100 ? .ten : .hundreds
            return .value(value * 100, rank: rank)
        case ("scale", let n): return Int64(n).map { .scale($0, canStart: true) }
        case ("suffix", let n): return Int64(n).map { .scale($0, canStart: false) }
        default: return nil
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
