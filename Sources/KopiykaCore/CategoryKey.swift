/// A category's stable English identifier (`cafe`, `salary`). Stored in the database and used
/// as a key into `Locales/`; people only ever see the localized name.
public struct CategoryKey: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The built-in expense categories, in the order menus show them.
    public static let expenses: [CategoryKey] = [
        "groceries", "cafe", "taxi", "transport", "fuel", "car", "housing", "utilities", "mobile",
        "health", "beauty", "clothing", "home", "electronics", "kids", "education",
        "entertainment", "subscriptions", "sport", "pets", "gifts", "travel", "donations",
        "taxes", "other",
    ]
    /// The built-in income categories.
    public static let incomes: [CategoryKey] = [
        "salary", "freelance", "cashback", "refund", "other_income",
    ]
    public static let builtIn: [CategoryKey] = expenses + incomes

    /// What an expense with no recognizable word lands in.
    public static let other: CategoryKey = "other"
    /// What an income with no recognizable word lands in.
    public static let otherIncome: CategoryKey = "other_income"

    /// The kind of entry this built-in category belongs to.
    public var kind: EntryKind { CategoryKey.incomes.contains(self) ? .income : .expense }
}
