import KopiykaCore

extension Catalog {
    /// Keys the `Localizer` conveniences read; they must exist in every language.
    public static var requiredKeys: [String] {
        CategoryKey.builtIn.map { "category.\($0.rawValue)" }
            + AccountKey.builtIn.map { "account.\($0.rawValue)" }
            + (1...12).map { "month.nominative.\($0)" } + (1...12).map { "month.genitive.\($0)" }
            + ["date.month_year", "date.day_month"]
            + Language.allCases.map { "language.name.\($0.rawValue)" }
    }

    /// Everything that would make a language fall back at runtime or pick a wrong form, one
    /// line each: a key missing from a file, placeholders that differ from English, a plural
    /// without the branches its language's rules produce. Empty means consistent; a test keeps
    /// it empty, so a missing translation fails CI rather than a chat.
    public func problems() -> [String] {
        var problems: [String] = []
        var allKeys = Set(Self.requiredKeys)
        for language in Language.allCases { allKeys.formUnion(keys(in: language)) }
        for key in allKeys.sorted() {
            let reference = message(key, in: .en)
            for language in Language.allCases {
                let file = "\(language.rawValue).json"
                guard let message = message(key, in: language) else {
                    problems.append("\(file): missing '\(key)'")
                    continue
                }
                if let reference, language != .en, message.placeholders != reference.placeholders {
                    problems.append(
                        "\(file): '\(key)' uses \(Self.list(message.placeholders)) but en.json uses "
                            + Self.list(reference.placeholders))
                }
                for plural in message.pluralBranches {
                    let missing = language.pluralCategories.subtracting(plural.categories)
                    guard !missing.isEmpty else { continue }
                    let names = PluralCategory.allCases.filter(missing.contains).map(\.rawValue)
                    problems.append(
                        "\(file): '\(key)' plural {\(plural.argument)} lacks "
                            + names.joined(separator: ", "))
                }
            }
        }
        return problems
    }

    private static func list(_ placeholders: Set<Message.Placeholder>) -> String {
        placeholders.isEmpty ? "none" : placeholders.sorted().map(\.description).joined(separator: " ")
    }
}
