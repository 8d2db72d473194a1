/// A CLDR plural category: which form of a counted word a number takes.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero, one, two, few, many, other
}
