/// Where money was paid from or came into: a stable English identifier (`card`, `cash`,
/// `monobank`), localized for display.
public struct AccountKey: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let card: AccountKey = "card"
    public static let cash: AccountKey = "cash"
    public static let monobank: AccountKey = "monobank"
    public static let privatbank: AccountKey = "privatbank"

    /// The accounts every member has from the start.
    public static let builtIn: [AccountKey] = [.card, .cash, .monobank, .privatbank]
}
