/// CLDR cardinal plural rules (plurals.xml, `ru uk` and `en`), written out by hand: three
/// languages do not justify a rule-language interpreter.
extension Language {
    public func pluralCategory(_ n: PluralOperands) -> PluralCategory {
        switch self {
        case .uk, .ru:
            guard n.v == 0 else { return .other }
            let mod10 = n.i % 10, mod100 = n.i % 100
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .en:
            return n.i == 1 && n.v == 0 ? .one : .other
        }
    }

    public func pluralCategory(_ integer: Int) -> PluralCategory {
        pluralCategory(PluralOperands(integer))
    }

    /// The categories this language's rules can produce: the branches every plural message in
    /// it must have.
    public var pluralCategories: Set<PluralCategory> {
        switch self {
        case .uk, .ru: [.one, .few, .many, .other]
        case .en: [.one, .other]
        }
    }
}
