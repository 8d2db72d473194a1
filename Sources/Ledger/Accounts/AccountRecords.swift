import FoundationEssentials
import KopiykaCore

/// What an account holds: how people speak of it and how a balance below zero reads.
public enum AccountKind: String, Sendable, CaseIterable {
    case card, cash, credit, savings

    /// A built-in account's kind follows its key.
    static func builtIn(_ key: AccountKey) -> AccountKind { key == .cash ? .cash : .card }
}

/// A member's account: a built-in one (`card`, `cash`, the two banks) or one they made.
public struct Account: Equatable, Sendable {
    public let id: Int64
    public let memberID: Int64
    /// Stable: a built-in's English key, `own.<id>` for one a member made.
    public let key: AccountKey
    /// nil: a built-in the member never renamed, shown by its localized name.
    public var name: String?
    public var kind: AccountKind
    public var currency: Currency
    /// Minor units of `currency`, the balance before any entry or transfer; may be negative.
    public var openingMinor: Int64
    /// Not offered any more; its entries and transfers keep it.
    public var isArchived: Bool

    public var isBuiltIn: Bool { AccountKey.builtIn.contains(key) }
}

/// What an account holds now: its opening, plus income, minus spending, plus what transfers
/// brought, minus what they took, per currency (a card pays in dollars too, and an exchange
/// leaves dollars and hryvnias in one wallet). Amounts in minor units of their currency.
public struct AccountBalance: Equatable, Sendable {
    public var amounts: [Currency: Int64]
    /// Whether anything ever moved through it (an entry or a transfer).
    public var isUsed: Bool
}

/// Money a member moved between two accounts: neither spending nor income.
public struct NewTransfer: Equatable, Sendable {
    public var from: Int64
    public var to: Int64
    /// What left `from`.
    public var amount: Money
    /// What reached `to`: `amount` itself, or the other side of an exchange.
    public var received: Money
    public var date: LocalDate
    public var note: String

    public init(from: Int64, to: Int64, amount: Money, received: Money, date: LocalDate, note: String) {
        self.from = from
        self.to = to
        self.amount = amount
        self.received = received
        self.date = date
        self.note = note
    }
}

/// A stored transfer.
public struct Transfer: Equatable, Sendable {
    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public var from: Int64
    public var to: Int64
    public var amount: Money
    public var received: Money
    public var date: LocalDate
    public var note: String
    public var confirmationOutboxID: Int64?
    /// When it was written: an edit of its message reads dates as of that moment's day.
    public let createdAt: Date

    /// Both sides in one currency: no exchange.
    public var isPlain: Bool { amount.currency == received.currency }
}

/// A question the bot asked about an account, waiting for a reply to the message that asked.
public struct AccountPrompt: Equatable, Sendable {
    public enum Action: String, Sendable { case add, rename, balance }

    public let outboxID: Int64
    public let memberID: Int64
    public let action: Action
    public let accountID: Int64?
    public let askedAt: Date
    public let isAnswered: Bool
}
