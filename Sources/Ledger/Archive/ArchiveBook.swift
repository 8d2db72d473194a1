import FoundationEssentials

/// A household's books as a family archive holds them (`kopiyka.json`): plain values with
/// stable keys, minor units and ISO dates, so that another Kopiyka recreates the household
/// from them exactly. Only what its reader may see: another member's private entries and
/// recurring payments are not in it, nor anyone else's quick entries, tokens or chats.
///
/// `format` grows when a field changes meaning; a reader refuses a format newer than its own.
public struct ArchiveBook: Codable, Equatable, Sendable {
    public static let currentFormat = 1

    public var format: Int
    /// Where the rows come from, the same in every archive of that household: a row is taken
    /// once per origin, so the same archive twice (or a newer one) adds only what is new.
    public var origin: String
    /// When it was made, `2026-12-07T19:30:00.000Z`.
    public var createdAt: String
    /// The member whose eyes it was made for: their rows come back as the importer's.
    public var memberID: Int64
    public var baseCurrency: String
    public var timeZone: String
    public var members: [ArchiveMember]
    public var accounts: [ArchiveAccount]
    public var entries: [ArchiveEntry]
    public var transfers: [ArchiveTransfer]
    public var savingsValues: [ArchiveSavingsValue]
    public var budgets: [ArchiveBudget]
    public var rates: [ArchiveRate]
    public var recurring: [ArchiveRecurring]
    public var rules: [ArchiveRule]
    public var quickPins: [ArchiveQuickPin]
}

public struct ArchiveMember: Codable, Equatable, Sendable {
    public var id: Int64
    public var telegramUserID: Int64
    public var name: String
    public var language: String
    /// `owner`, `member`, or `former` (left; their entries stay in the family's history).
    public var role: String
}

public struct ArchiveAccount: Codable, Equatable, Sendable {
    public var id: Int64
    public var memberID: Int64
    public var key: String
    public var name: String?
    public var kind: String?
    public var currency: String?
    public var openingMinor: Int64
    public var archivedOn: String?
    public var isArchived: Bool
}

public struct ArchiveEntry: Codable, Equatable, Sendable {
    public var id: Int64
    public var memberID: Int64
    public var kind: String
    public var amountMinor: Int64
    public var currency: String
    public var baseMinor: Int64?
    public var category: String
    public var accountID: Int64
    public var date: String
    public var createdAt: String
    public var note: String
    public var isPrivate: Bool
}

public struct ArchiveTransfer: Codable, Equatable, Sendable {
    public var id: Int64
    public var memberID: Int64
    public var fromAccountID: Int64
    public var toAccountID: Int64
    public var amountMinor: Int64
    public var currency: String
    public var receivedMinor: Int64
    public var receivedCurrency: String
    public var date: String
    public var createdAt: String
    public var note: String
}

public struct ArchiveSavingsValue: Codable, Equatable, Sendable {
    public var accountID: Int64
    public var date: String
    public var valueMinor: Int64
}

public struct ArchiveBudget: Codable, Equatable, Sendable {
    /// `""` is the whole month's budget.
    public var category: String
    public var limitMinor: Int64
}

public struct ArchiveRate: Codable, Equatable, Sendable {
    public var currency: String
    /// Base-currency units for one unit of `currency`, times 1 000 000.
    public var basePerUnitMicros: Int64
}

public struct ArchiveRecurring: Codable, Equatable, Sendable {
    public var id: Int64
    public var memberID: Int64
    public var mode: String
    public var kind: String
    public var amountMinor: Int64?
    public var currency: String
    public var category: String
    public var account: String?
    public var note: String
    public var isPrivate: Bool
    public var cadence: String
    public var startDate: String
    public var endDate: String?
    public var nextDate: String?
    public var isPaused: Bool
}

public struct ArchiveRule: Codable, Equatable, Sendable {
    public var stem: String
    public var category: String
}

public struct ArchiveQuickPin: Codable, Equatable, Sendable {
    public var id: Int64
    public var kind: String
    public var amountMinor: Int64
    public var currency: String
    public var category: String
    public var account: String?
    public var note: String
    public var isPrivate: Bool
}
