extension Message {
    /// The text in `language`. Never fails: a missing argument shows as `{name}` so the slip is
    /// visible in the chat instead of crashing the bot.
    public func render(_ language: Language, _ arguments: [String: MessageArgument] = [:]) -> String {
        var output = ""
        Self.render(parts, language, arguments, count: nil, into: &output)
        return output
    }

    private static func render(
        _ parts: [Part], _ language: Language, _ arguments: [String: MessageArgument],
        count: String?, into output: inout String
    ) {
        for part in parts {
            switch part {
            case .text(let text):
                output += text
            case .argument(let name):
                output += arguments[name]?.rendered(language) ?? "{\(name)}"
            case .pound:
                output += count ?? "#"
            case .plural(let name, let branches):
                let argument = arguments[name]
                let branch = pluralBranch(branches, argument, language)
                let shown = argument?.renderedAsCount(language) ?? "{\(name)}"
                render(branch, language, arguments, count: shown, into: &output)
            case .select(let name, let branches):
                let key: String? = switch arguments[name] {
                case .text(let s): s
                case .number(let n): String(n)
                default: nil
                }
                let branch = branches.first { $0.key == key } ?? branches.first { $0.key == "other" }
                render(branch?.parts ?? [], language, arguments, count: count, into: &output)
            }
        }
    }

    /// An exact `=n` match first, then the number's CLDR category, then `other`.
    private static func pluralBranch(
        _ branches: [Branch<PluralSelector>], _ argument: MessageArgument?, _ language: Language
    ) -> [Part] {
        let other = branches.first { $0.key == .category(.other) }?.parts ?? []
        guard let number = argument?.shownNumber else { return other }
        for branch in branches {
            if case .exact(let value) = branch.key, number.equals(integer: value) {
                return branch.parts
            }
        }
        let category = language.pluralCategory(PluralOperands(number))
        return branches.first { $0.key == .category(category) }?.parts ?? other
    }
}
