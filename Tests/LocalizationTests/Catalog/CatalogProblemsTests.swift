import Foundation
import KopiykaCore
import Testing
@testable import Localization

@Suite struct CatalogProblemsTests {
    /// The repository's own `Locales/`: a key added to one file only fails here.
    @Test func repositoryLocalesAreConsistent() throws {
        let catalog = try Catalog.load()
        #expect(catalog.problems() == [])
    }

    /// A key written twice is one the decoder silently takes the last of: a fix made to the
    /// first copy never reaches the chat (as `review.decided.not_ours` once said «Прибрав»).
    @Test func noKeyIsWrittenTwice() throws {
        let directory = try Catalog.locate()
        for language in Language.allCases {
            let text = try String(contentsOf: directory.appendingPathComponent("\(language.rawValue).json"), encoding: .utf8)
            var seen: Set<Substring> = [], twice: [Substring] = []
            for line in text.split(separator: "\n") where line.hasPrefix("  \"") {
                let key = line.dropFirst(3).prefix { $0 != "\"" }
                if !seen.insert(key).inserted { twice.append(key) }
            }
            #expect(twice.isEmpty, "\(language.rawValue).json: \(twice)")
            #expect(seen.count == catalog(in: language), "every key is on a line of its own")
        }
    }

    private func catalog(in language: Language) -> Int {
        (try? Catalog.load().keys(in: language).count) ?? -1
    }

    @Test func everyBuiltInCategoryAndAccountHasItsOwnName() throws {
        let catalog = try Catalog.load()
        for language in Language.allCases {
            for key in CategoryKey.builtIn {
                #expect(catalog.message("category.\(key.rawValue)", in: language) != nil, "\(language) \(key)")
            }
            for key in AccountKey.builtIn {
                #expect(catalog.message("account.\(key.rawValue)", in: language) != nil, "\(language) \(key)")
            }
        }
        let ukNames = Set(CategoryKey.builtIn.map { catalog[.uk].categoryName($0) })
        #expect(ukNames.count == CategoryKey.builtIn.count, "two categories share a name")
    }

    @Test func ukrainianUsesTheModifierLetterApostrophe() throws {
        let catalog = try Catalog.load()
        for key in catalog.keys(in: .uk) {
            let pattern = catalog[.uk](key)
            #expect(!pattern.contains("'") && !pattern.contains("’"), "\(key): \(pattern)")
        }
    }

    @Test func reportsMissingKeysPlaceholdersAndPluralBranches() throws {
        let required = Dictionary(uniqueKeysWithValues: Catalog.requiredKeys.map { ($0, "x") })
        func with(_ extra: [String: String], without: String? = nil) -> [String: String] {
            var patterns = required.merging(extra) { $1 }
            if let without { patterns[without] = nil }
            return patterns
        }
        let catalog = try Catalog(patterns: [
            .en: with([
                "greet": "Hi {name}", "n": "{count, plural, one {#} other {#}}", "only.en": "x",
            ]),
            .uk: with([
                "greet": "Привіт, {who}", "n": "{count, plural, one {#} few {#} other {#}}",
                "only.en": "x",
            ], without: "category.cafe"),
            .ru: with([
                "greet": "Привет, {name}", "n": "{count, select, a {#} other {#}}",
            ]),
        ])
        #expect(catalog.problems() == [
            "uk.json: missing 'category.cafe'",
            "uk.json: 'greet' uses {who} but en.json uses {name}",
            "uk.json: 'n' plural {count} lacks many",
            "ru.json: 'n' uses {count, select} but en.json uses {count, plural}",
            "ru.json: missing 'only.en'",
        ])
    }
}
