import FoundationEssentials
import KopiykaCore

/// Where an entry came from, for idempotency and for finding it again from a reply.
public struct EntrySource: Equatable, Sendable {
    public var updateID: Int64?
    public var chatID: Int64?
    public var messageID: Int64?

    public init(updateID: Int64? = nil, chatID: Int64? = nil, messageID: Int64? = nil) {
        self.updateID = updateID
        self.chatID = chatID
        self.messageID = messageID
    }
}

/// What a member asks to record: the parser's output plus the text it came from.
public struct NewEntry: Equatable, Sendable {
    public var kind: EntryKind
    public var amount: Money
    public var category: CategoryKey
    /// nil: the member's default account.
    public var account: AccountKey?
    public var date: LocalDate
    public var note: String
    /// The message as written, kept with the first entry it made and empty on the others: a
    /// 4 KB message of hundreds of entries must not write hundreds of copies of itself.
    public var originalText: String
    public var isPrivate: Bool

    public init(kind: EntryKind, amount: Money, category: CategoryKey, account: AccountKey?,
                date: LocalDate, note: String, originalText: String, isPrivate: Bool = false) {
        self.kind = kind
        self.amount = amount
        self.category = category
        self.account = account
        self.date = date
        self.note = note
        self.originalText = originalText
        self.isPrivate = isPrivate
    }
}

/// A stored entry.
public struct Entry: Equatable, Sendable {
    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public var kind: EntryKind
    public var amount: Money
    public var category: CategoryKey
    public var account: AccountKey
    public var date: LocalDate
    public let createdAt: Date
    public var note: String
    public var originalText: String
    public var isPrivate: Bool
    public let source: EntrySource
    /// The amount in the household's base currency at the rate stored with the entry; nil
    /// while no rate is known.
    public internal(set) var baseMinor: Int64?
    /// The name a member gave the account; nil for a built-in shown by its localized name.
    public internal(set) var accountName: String? = nil
}
