import FoundationEssentials
import KopiykaCore
import Recurring
import SQLite

/// Payments that come back (`ledger.recurring`): the items, the occurrences the bot acted
/// on, and notices said once.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time. Every read is by primary key or one of the table's indexes: a household's items, or
/// the items whose cursor has come.
public struct RecurringStore {
    let db: Connection
    let clock: WallClock

    static let columns = """
        id, household_id, member_id, mode, kind, amount_minor, currency, category, account, note, is_private,
        cadence, start_date, end_date, next_date, paused
        """

    /// Stores a new item with its cursor at `nextDate`.
    public func add(_ item: NewRecurringItem, by member: Member, nextDate: LocalDate?) throws -> RecurringItem? {
        try db.execute("""
            INSERT INTO recurring_items (household_id, member_id, mode, kind, amount_minor, currency, category, account,
                note, is_private, cadence, start_date, end_date, next_date, created_at, service_kind)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, member.householdID, member.id, item.mode.rawValue, item.kind.rawValue, item.amount?.minorUnits,
            item.currency.code, item.category.rawValue, item.account?.rawValue, item.note, item.isPrivate,
            item.schedule.cadence.code, item.schedule.start.iso, item.schedule.end?.iso, nextDate?.iso,
            Ledger.timestamp(clock.now()), ServiceKind(note: item.note)?.rawValue ?? "")
        return try self.item(id: db.lastInsertRowID)
    }

    /// The item, unless deleted.
    public func item(id: Int64) throws -> RecurringItem? {
        try items("SELECT \(Self.columns) FROM recurring_items WHERE id = ? AND deleted_at IS NULL", id).first
    }

    /// A household's items, the next one first, ended ones last.
    public func items(householdID: Int64) throws -> [RecurringItem] {
        try items("""
            SELECT \(Self.columns) FROM recurring_items WHERE household_id = ? AND deleted_at IS NULL
            ORDER BY next_date IS NULL, next_date, id
            """, householdID)
    }

    /// Active items whose cursor is on or before `date`, in every household: what the
    /// scheduler looks at. Reads the `recurring_by_next_date` index only.
    public func itemsDue(onOrBefore date: LocalDate) throws -> [RecurringItem] {
        try items("""
            SELECT \(Self.columns) FROM recurring_items
            WHERE deleted_at IS NULL AND paused = 0 AND next_date IS NOT NULL AND next_date <= ? ORDER BY next_date, id
            """, date.iso)
    }

    public func setNextDate(_ date: LocalDate?, itemID: Int64) throws {
        try db.execute("UPDATE recurring_items SET next_date = ? WHERE id = ?", date?.iso, itemID)
    }

    /// Pauses, or resumes with the cursor at `nextDate`.
    public func setPaused(_ paused: Bool, nextDate: LocalDate?, itemID: Int64) throws {
        try db.execute("UPDATE recurring_items SET paused = ?, next_date = ? WHERE id = ?", paused, nextDate?.iso, itemID)
    }

    public func setAmount(_ amount: Money, itemID: Int64) throws {
        try db.execute("UPDATE recurring_items SET amount_minor = ?, currency = ? WHERE id = ?",
                       amount.minorUnits, amount.currency.code, itemID)
    }

    /// A bill stays a bill while it has no amount (the table refuses otherwise).
    public func setMode(_ mode: RecurringItem.Mode, itemID: Int64) throws {
        try db.execute("UPDATE recurring_items SET mode = ? WHERE id = ? AND (? = 'bill' OR amount_minor IS NOT NULL)",
                       mode.rawValue, itemID, mode.rawValue)
    }

    /// Removes the item from every list and schedule; the entries it made stay.
    public func delete(itemID: Int64) throws {
        try db.execute("UPDATE recurring_items SET deleted_at = ?, next_date = NULL WHERE id = ?",
                       Ledger.timestamp(clock.now()), itemID)
    }

    /// Says `key` for the household: true the first time only.
    public func notice(_ key: String, householdID: Int64) throws -> Bool {
        try db.execute("INSERT OR IGNORE INTO recurring_notices (household_id, key, noticed_at) VALUES (?, ?, ?)",
                       householdID, key, Ledger.timestamp(clock.now())) == 1
    }

    public func hasNoticed(_ key: String, householdID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM recurring_notices WHERE household_id = ? AND key = ?", householdID, key) { _ in true } ?? false
    }

    /// The kinds of service more than one of a household's active subscriptions names, in
    /// `ServiceKind.allCases` order, each with how many and the notes of the first `names`
    /// (in the list's order), counting only the items `viewer` may see.
    /// Cost: the `recurring_by_service_kind` index's entries of the household's subscriptions
    /// and at most `names` rows a kind, whatever their number; nothing is read from a note.
    public func duplicatedSubscriptions(householdID: Int64, visibleTo viewer: Viewer, names: Int) throws
        -> [(kind: ServiceKind, count: Int, notes: [String])] {
        let (memberID, everyone) = viewer.memberAndEveryone
        let active = """
            household_id = ? AND deleted_at IS NULL AND category = 'subscriptions' AND kind = 'expense' AND paused = 0
            AND next_date IS NOT NULL AND (is_private = 0 OR member_id = ? OR ?)
            """
        var counts: [ServiceKind: Int] = [:]
        try db.query("""
            SELECT service_kind, COUNT(*) FROM recurring_items WHERE \(active) AND service_kind <> ''
            GROUP BY service_kind HAVING COUNT(*) > 1
            """, householdID, memberID, everyone) { row in
            if let kind = ServiceKind(rawValue: row.string(0)) { counts[kind] = Int(row.int64(1)) }
        }
        return try ServiceKind.allCases.compactMap { kind in
            guard let count = counts[kind] else { return nil }
            var notes: [String] = []
            try db.query("""
                SELECT note FROM recurring_items WHERE \(active) AND service_kind = ?
                ORDER BY next_date IS NULL, next_date, id LIMIT ?
                """, householdID, memberID, everyone, kind.rawValue, names) { notes.append($0.string(0)) }
            return (kind, count, notes)
        }
    }

    /// Reads the service kind of the subscriptions stored before it was kept (migration 29).
    /// Cost: one scan of the items at start-up, then nothing: every new item has its kind.
    func fillServiceKinds() throws {
        var unread: [(id: Int64, note: String)] = []
        try db.query("SELECT id, note FROM recurring_items WHERE service_kind IS NULL") { unread.append(($0.int64(0), $0.string(1))) }
        guard !unread.isEmpty else { return }
        try db.transaction {
            for item in unread {
                try db.execute("UPDATE recurring_items SET service_kind = ? WHERE id = ?",
                               ServiceKind(note: item.note)?.rawValue ?? "", item.id)
            }
        }
    }

    private func items(_ sql: String, _ arguments: any SQLiteBindable...) throws -> [RecurringItem] {
        var items: [RecurringItem] = []
        try db.query(sql, arguments: arguments) { row in
            if let item = Self.item(row) { items.append(item) }
        }
        return items
    }

    /// nil for a row this build cannot read (a cadence it does not know): such an item is left
    /// alone rather than guessed at.
    static func item(_ row: Row) -> RecurringItem? {
        guard let mode = RecurringItem.Mode(rawValue: row.string(3)), let kind = EntryKind(rawValue: row.string(4)),
              let currency = Currency(code: row.string(6)), let cadence = Cadence(code: row.string(11)),
              let start = LocalDate(iso: row.string(12)) else { return nil }
        return RecurringItem(
            id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), mode: mode, kind: kind,
            amount: row.optionalInt64(5).map { Money(minorUnits: $0, currency: currency) }, currency: currency,
            category: CategoryKey(rawValue: row.string(7)), account: row.optionalString(8).map(AccountKey.init(rawValue:)),
            note: row.string(9), isPrivate: row.bool(10),
            schedule: RecurrenceSchedule(cadence, start: start, end: row.optionalString(13).flatMap(LocalDate.init(iso:))),
            nextDate: row.optionalString(14).flatMap(LocalDate.init(iso:)), isPaused: row.bool(15))
    }
}

extension Viewer {
    /// The arguments of `(is_private = 0 OR member_id = ? OR ?)`: what `sees` says, in SQL.
    var memberAndEveryone: (memberID: Int64, everyone: Bool) {
        switch self {
        case .member(let id): (id, false)
        case .group: (0, false)
        case .books: (0, true)
        }
    }
}
