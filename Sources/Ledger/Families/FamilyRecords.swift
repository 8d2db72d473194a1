import KopiykaCore

/// A family: one shared ledger, one base currency, one time zone for "today".
public struct Household: Equatable, Sendable {
    public let id: Int64
    public var baseCurrency: Currency
    public var timeZone: ZoneRules
    /// The Telegram group linked as the family chat, if any.
    public var familyChatID: Int64?
    /// The forum topic of the family chat the bot was linked from, where posts go.
    public var familyThreadID: Int64?
    public var broadcastMode: BroadcastMode
    /// The family group keeps its link but gets nothing of the household: the bot was removed
    /// from it, or put back by someone outside the family, and no member has added it since.
    public var familyChatPaused: Bool
}

/// How entries reach the family chat.
public enum BroadcastMode: String, Sendable, CaseIterable {
    /// One post per entry, at once.
    case instant
    /// A member's entries within a few minutes become one post, edited as more arrive.
    case batched
    /// Nothing per entry; the daily digest only.
    case digest
}

/// A person in a household, known by their Telegram user id.
public struct Member: Equatable, Sendable {
    public enum Role: String, Sendable { case owner, member }

    public let id: Int64
    public let householdID: Int64
    public let telegramUserID: Int64
    public var name: String
    /// A language code of `Locales/` (`uk`, `ru`, `en`).
    public var language: String
    public var role: Role
    /// Where an entry goes when its message names no account.
    public var defaultAccount: AccountKey
}
