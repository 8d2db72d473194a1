import KopiykaCore
import SQLite

extension RecurringStore {
    /// The occurrence of `itemID` on `date`, if the bot acted on it.
    public func occurrence(itemID: Int64, date: LocalDate) throws -> RecurringOccurrence? {
        try db.queryFirst("""
            SELECT item_id, due_date, state, entry_id, reminder_outbox_id FROM recurring_occurrences
            WHERE item_id = ? AND due_date = ?
            """, itemID, date.iso, transform: Self.occurrence) ?? nil
    }

    /// The bill a sent reminder asked about, for a reply with the amount paid.
    public func occurrence(reminderChatID chatID: Int64, messageID: Int64) throws -> RecurringOccurrence? {
        try db.queryFirst("""
            SELECT r.item_id, r.due_date, r.state, r.entry_id, r.reminder_outbox_id
            FROM outbox o JOIN recurring_occurrences r ON r.reminder_outbox_id = o.id
            WHERE o.chat_id = ? AND o.sent_message_id = ?
            """, chatID, messageID, transform: Self.occurrence) ?? nil
    }

    /// Records the first action on an occurrence; false, changing nothing, when it was acted
    /// on already: the guard that makes an occurrence happen once.
    public func begin(_ state: RecurringOccurrence.State, itemID: Int64, date: LocalDate, entryID: Int64? = nil,
                      reminderOutboxID: Int64? = nil) throws -> Bool {
        try db.execute("""
            INSERT OR IGNORE INTO recurring_occurrences (item_id, due_date, state, entry_id, reminder_outbox_id)
            VALUES (?, ?, ?, ?, ?)
            """, itemID, date.iso, state.rawValue, entryID, reminderOutboxID) == 1
    }

    /// Moves a reminded bill on: recorded (with its entry) or skipped. False when it was not
    /// waiting, so a second press of the same button changes nothing.
    public func resolve(itemID: Int64, date: LocalDate, as state: RecurringOccurrence.State, entryID: Int64? = nil) throws -> Bool {
        try db.execute("""
            UPDATE recurring_occurrences SET state = ?, entry_id = ? WHERE item_id = ? AND due_date = ? AND state = 'reminded'
            """, state.rawValue, entryID, itemID, date.iso) == 1
    }

    /// Points a reminded bill at its newest reminder, the one a reply answers.
    public func setReminder(_ outboxID: Int64, itemID: Int64, date: LocalDate) throws {
        try db.execute("UPDATE recurring_occurrences SET reminder_outbox_id = ? WHERE item_id = ? AND due_date = ?",
                       outboxID, itemID, date.iso)
    }

    /// Whether the household has a recurring expense that is not paused.
    public func hasActiveExpenses(householdID: Int64) throws -> Bool {
        try db.queryFirst("""
            SELECT 1 FROM recurring_items WHERE household_id = ? AND deleted_at IS NULL AND kind = 'expense' AND paused = 0 LIMIT 1
            """, householdID) { _ in true } ?? false
    }

    /// Items that fall at most once a month (monthly, yearly) with their cursor within
    /// `month`: their one occurrence there is the cursor itself.
    static let oncePerMonth = """
        (i.cadence LIKE 'monthly:%' OR i.cadence LIKE 'yearly:%') AND i.next_date BETWEEN ? AND ?
        AND (i.end_date IS NULL OR i.end_date >= i.next_date)
        """

    /// The active expense items of `oncePerMonth` still due in `month`, those `viewer` may
    /// see: not acted on at their cursor, or only reminded. How many, and the sum of those
    /// with an amount in `currency`. One query; no item is decoded, so a month of 10,000
    /// subscriptions costs what the index walk does.
    public func dueOncePerMonth(householdID: Int64, month: ClosedRange<LocalDate>, currency: Currency,
                                visibleTo viewer: Viewer) throws -> (count: Int, minor: Int64) {
        let (memberID, everyone) = viewer.memberAndEveryone
        return try db.queryFirst("""
            SELECT COUNT(*), COALESCE(SUM(CASE WHEN i.currency = ? THEN i.amount_minor END), 0)
            FROM recurring_items i LEFT JOIN recurring_occurrences r ON r.item_id = i.id AND r.due_date = i.next_date
            WHERE i.household_id = ? AND i.deleted_at IS NULL AND i.kind = 'expense' AND i.paused = 0
            AND \(Self.oncePerMonth) AND (r.state IS NULL OR r.state = 'reminded')
            AND (i.is_private = 0 OR i.member_id = ? OR ?)
            """, currency.code, householdID, month.lowerBound.iso, month.upperBound.iso, memberID, everyone) {
            (Int($0.int64(0)), $0.int64(1))
        } ?? (0, 0)
    }

    /// The household's active expense items with their cursor on or before `month`'s end that
    /// `dueOncePerMonth` leaves out: daily and weekly ones, and those overdue from before it.
    public func otherItemsDue(householdID: Int64, month: ClosedRange<LocalDate>) throws -> [RecurringItem] {
        var found: [RecurringItem] = []
        try db.query("""
            SELECT \(Self.columns) FROM recurring_items i
            WHERE i.household_id = ? AND i.deleted_at IS NULL AND i.kind = 'expense' AND i.paused = 0
            AND i.next_date IS NOT NULL AND i.next_date <= ? AND NOT (\(Self.oncePerMonth))
            ORDER BY i.next_date, i.id
            """, householdID, month.upperBound.iso, month.lowerBound.iso, month.upperBound.iso) { row in
            if let item = Self.item(row) { found.append(item) }
        }
        return found
    }

    /// The state of every occurrence of a household's items due within `dates`, by item and
    /// date: one query for what `occurrence(itemID:date:)` would ask item by item.
    public func occurrenceStates(householdID: Int64, dates: ClosedRange<LocalDate>) throws
        -> [Int64: [LocalDate: RecurringOccurrence.State]] {
        var found: [Int64: [LocalDate: RecurringOccurrence.State]] = [:]
        try db.query("""
            SELECT r.item_id, r.due_date, r.state
            FROM recurring_items i JOIN recurring_occurrences r ON r.item_id = i.id
            WHERE i.household_id = ? AND i.deleted_at IS NULL AND r.due_date BETWEEN ? AND ?
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { row in
            if let date = LocalDate(iso: row.string(1)), let state = RecurringOccurrence.State(rawValue: row.string(2)) {
                found[row.int64(0), default: [:]][date] = state
            }
        }
        return found
    }

    /// A household's bills reminded and not yet answered, due within `dates`.
    public func waitingBills(householdID: Int64, dates: ClosedRange<LocalDate>) throws -> [RecurringOccurrence] {
        var found: [RecurringOccurrence] = []
        try db.query("""
            SELECT r.item_id, r.due_date, r.state, r.entry_id, r.reminder_outbox_id
            FROM recurring_items i JOIN recurring_occurrences r ON r.item_id = i.id
            WHERE i.household_id = ? AND i.deleted_at IS NULL AND r.state = 'reminded' AND r.due_date BETWEEN ? AND ?
            ORDER BY r.due_date
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { row in
            if let occurrence = Self.occurrence(row) { found.append(occurrence) }
        }
        return found
    }

    /// The base-currency sum of the entries a household's items recorded within `dates`, for
    /// a forecast that does not stretch a month's rent over its days.
    public func recordedBaseMinor(householdID: Int64, dates: ClosedRange<LocalDate>) throws -> Int64 {
        try db.queryFirst("""
            SELECT COALESCE(SUM(e.base_minor), 0)
            FROM recurring_items i JOIN recurring_occurrences r ON r.item_id = i.id JOIN entries e ON e.id = r.entry_id
            WHERE i.household_id = ? AND e.kind = 'expense' AND e.local_date BETWEEN ? AND ?
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { $0.int64(0) } ?? 0
    }

    static func occurrence(_ row: Row) -> RecurringOccurrence? {
        guard let date = LocalDate(iso: row.string(1)), let state = RecurringOccurrence.State(rawValue: row.string(2)) else { return nil }
        return RecurringOccurrence(itemID: row.int64(0), date: date, state: state, entryID: row.optionalInt64(3),
                                   reminderOutboxID: row.optionalInt64(4))
    }
}

extension RecurringStore {
    /// Remembers that the message queued as `outboxID` asks `memberID` for the item's amount.
    public func askAmount(itemID: Int64, memberID: Int64, outboxID: Int64) throws {
        try db.execute("INSERT INTO recurring_prompts (outbox_id, item_id, member_id) VALUES (?, ?, ?)", outboxID, itemID, memberID)
    }

    /// The item a sent message asked the amount of, for a reply to it.
    public func amountQuestion(chatID: Int64, messageID: Int64) throws -> Int64? {
        try db.queryFirst("""
            SELECT p.item_id FROM recurring_prompts p JOIN outbox o ON o.id = p.outbox_id
            WHERE o.chat_id = ? AND o.sent_message_id = ?
            """, chatID, messageID) { $0.int64(0) }
    }
}

extension RecurringStore {
    /// A household's expenses within `dates` whose amount is within `amounts` in `currency`,
    /// the reader's own private ones included and nobody else's: where a repeated payment is
    /// looked for. Walks the household's `dates` through `entries_by_household_date`.
    public func similarExpenses(householdID: Int64, dates: ClosedRange<LocalDate>, amounts: ClosedRange<Int64>, currency: Currency,
                                shownTo memberID: Int64) throws -> [(note: String, date: LocalDate, amountMinor: Int64)] {
        var found: [(note: String, date: LocalDate, amountMinor: Int64)] = []
        try db.query("""
            SELECT note, local_date, amount_minor FROM entries
            WHERE household_id = ? AND local_date BETWEEN ? AND ? AND kind = 'expense' AND currency = ?
              AND amount_minor BETWEEN ? AND ? AND (is_private = 0 OR member_id = ?)
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso, currency.code, amounts.lowerBound, amounts.upperBound,
            memberID) { row in
            if let date = LocalDate(iso: row.string(1)) { found.append((row.string(0), date, row.int64(2))) }
        }
        return found
    }
}
