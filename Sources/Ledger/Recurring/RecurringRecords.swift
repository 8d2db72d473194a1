import KopiykaCore
import Recurring

/// A payment that comes back, as stored.
public struct RecurringItem: Equatable, Sendable {
    /// How an occurrence is acted on; the raw values are stored.
    public enum Mode: String, Sendable {
        /// Recorded on its day and posted like any entry, with an undo button.
        case automatic
        /// Reminded the day before and on the day; recorded when confirmed.
        case bill
    }

    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public var mode: Mode
    public var kind: EntryKind
    /// nil: asked each time (a bill only).
    public var amount: Money?
    public var currency: Currency
    public var category: CategoryKey
    /// nil: the member's default account when recorded.
    public var account: AccountKey?
    public var note: String
    public var isPrivate: Bool
    public var schedule: RecurrenceSchedule
    /// The first occurrence not yet acted on; nil once the schedule ended.
    public var nextDate: LocalDate?
    public var isPaused: Bool
}

/// What a member asks to repeat.
public struct NewRecurringItem: Equatable, Sendable {
    public var mode: RecurringItem.Mode
    public var kind: EntryKind
    public var amount: Money?
    public var currency: Currency
    public var category: CategoryKey
    public var account: AccountKey?
    public var note: String
    public var isPrivate: Bool
    public var schedule: RecurrenceSchedule

    public init(mode: RecurringItem.Mode, kind: EntryKind, amount: Money?, currency: Currency, category: CategoryKey,
                account: AccountKey?, note: String, isPrivate: Bool, schedule: RecurrenceSchedule) {
        self.mode = mode
        self.kind = kind
        self.amount = amount
        self.currency = currency
        self.category = category
        self.account = account
        self.note = note
        self.isPrivate = isPrivate
        self.schedule = schedule
    }
}

/// One occurrence the bot acted on.
public struct RecurringOccurrence: Equatable, Sendable {
    public enum State: String, Sendable {
        /// A bill reminded and not yet answered.
        case reminded
        /// An entry was recorded for it.
        case recorded
        /// Skipped by a member, or given up.
        case skipped
    }

    public let itemID: Int64
    public let date: LocalDate
    public var state: State
    public var entryID: Int64?
    public var reminderOutboxID: Int64?
}
