@testable import EntryParsing
import KopiykaCore
import Testing

@Suite struct VocabularyTests {
    static let sources = [Vocabulary.uk, Vocabulary.ru, Vocabulary.en, Vocabulary.merchants]
    static let specialKeys = ["account", "currency", "minor", "date", "month", "private", "preposition", "number", "scale", "suffix"]

    static var keys: [String] {
        sources.flatMap { $0.split(separator: "\n") }
            .filter { !$0.hasPrefix("//") && $0.contains(":") }
            .map { String($0[..<$0.firstIndex(of: ":")!]) }
    }

    @Test func everyCategoryKeyIsBuiltIn() {
        for key in VocabularyTests.keys where !VocabularyTests.specialKeys.contains(String(key.split(separator: ".")[0])) {
            #expect(CategoryKey.builtIn.contains(CategoryKey(rawValue: key)), "\(key)")
        }
    }

    @Test func everyBuiltInCategoryHasWords() {
        let keys = Set(VocabularyTests.keys)
        for key in CategoryKey.builtIn {
            #expect(keys.contains(key.rawValue), "\(key)")
        }
    }

    @Test func accountsAndCurrenciesAreKnown() {
        for key in VocabularyTests.keys where key.hasPrefix("account.") || key.hasPrefix("currency.") {
            let argument = String(key.split(separator: ".")[1])
            if key.hasPrefix("account.") {
                #expect(AccountKey.builtIn.contains(AccountKey(rawValue: argument)), "\(key)")
            } else {
                #expect(Currency(code: argument) != nil, "\(key)")
            }
        }
    }

    @Test func stemmerReachesTheListedForms() {
        let groups = [
            ["кава", "каву", "кави", "кавою", "каві"],
            ["оренда", "оренду", "оренди", "орендою"],
            ["продукти", "продуктів", "продуктами", "продуктах"],
            ["заправка", "заправку", "заправке", "заправкой"],
            ["шаурма", "шаурму", "шаурми", "шаурмою"],
            ["аптека", "аптеку", "аптеки", "аптекой"],
            ["taxi", "taxis"],
        ]
        for group in groups {
            let stems = Set(group.map(Stemmer.stem))
            #expect(stems.count == 1, "\(group) → \(stems)")
        }
        #expect(Stemmer.alternateStem("аптеці") == Stemmer.stem("аптека"))
        #expect(Stemmer.alternateStem("дорозі") == Stemmer.stem("дорога"))
        #expect(Stemmer.stem("сир") == "сир")
    }
}
