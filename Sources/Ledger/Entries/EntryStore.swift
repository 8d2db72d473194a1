import FoundationEssentials
import KopiykaCore
import SQLite

/// Entries and their month totals: adding, changing, deleting and restoring them, the reads
/// reports and lists make, and which of them each viewer may see (private entries).
///
/// A value over the ledger's connection (`ledger.entries`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct EntryStore {
    let db: Connection
    let clock: WallClock

    /// The households and members an entry's write reads.
    var families: FamilyStore { FamilyStore(db: db, clock: clock) }
    /// The rate an entry in another currency is valued at as it is written or changed.
    var rates: RateStore { RateStore(db: db, clock: clock) }
}

extension EntryStore {
    /// Stores a message's entries for `member`, all or none: a month total pushed past `Int64`
    /// throws `MoneyOverflow` with nothing stored (one savepoint serves both).
    ///
    /// An entry whose account the member does not have yet (a newly named bank card) gets
    /// that account created. With a `source.updateID` the same update can never store twice:
    /// a unique index on (update, position) rejects a replay. Ids are never given twice (see
    /// `nextEntryID`).
    ///
    /// The entries returned are as `entry(id:)` reads them back, except that an entry after a
    /// message's first has the empty `originalText` it was given (a read finds the first's).
    public func add(_ entries: [NewEntry], by member: Member, source: EntrySource = EntrySource()) throws -> [Entry] {
        try db.refusingOverflow {
            let createdText = Ledger.timestamp(clock.now())
            let createdAt = Ledger.date(fromTimestamp: createdText)  // To the millisecond, as stored.
            let base = try families.household(id: member.householdID)?.baseCurrency ?? .uah
            var stored: [Entry] = []
            var id = try nextEntryID()
            for (position, entry) in entries.enumerated() {
                let account = entry.account ?? member.defaultAccount
                let (accountID, accountName) = try accountRow(memberID: member.id, key: account)
                let baseMinor = try rates.baseMinor(entry.amount, householdID: member.householdID, base: base, on: entry.date)
                try db.execute("""
                    INSERT INTO entries (id, household_id, member_id, kind, amount_minor, currency, category,
                        account_id, local_date, created_at, note, original_text, is_private,
                        source_update_id, source_chat_id, source_message_id, source_position, base_minor)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [
                        id, member.householdID, member.id, entry.kind.rawValue, entry.amount.minorUnits,
                        entry.amount.currency.code, entry.category.rawValue, accountID, entry.date.iso,
                        createdText, entry.note, entry.originalText, entry.isPrivate,
                        source.updateID, source.chatID, source.messageID, position,
                        baseMinor,
                    ])
                stored.append(Entry(
                    id: id, householdID: member.householdID, memberID: member.id,
                    kind: entry.kind, amount: entry.amount, category: entry.category, account: account,
                    date: entry.date, createdAt: createdAt, note: entry.note,
                    originalText: entry.originalText, isPrivate: entry.isPrivate, source: source, baseMinor: baseMinor,
                    accountName: accountName))
                id += 1
            }
            return stored
        }
    }

    /// The id after every one ever given. SQLite alone would give a deleted latest entry's id
    /// again, and the confirmations, lists and buttons that still name it (with its restore
    /// button) would then show and change the new entry, of whatever household. A deleted id
    /// is in `deleted_entries` while it can be restored, and in `bot_state`, which a trigger
    /// keeps at the highest id ever deleted (`Schema.entryIDs`). Three lookups by primary key.
    func nextEntryID() throws -> Int64 {
        try db.queryFirst("""
            SELECT MAX(COALESCE((SELECT MAX(id) FROM entries), 0),
                       COALESCE((SELECT MAX(entry_id) FROM deleted_entries), 0),
                       COALESCE((SELECT value FROM bot_state WHERE key = 'last_entry_id'), 0)) + 1
            """) { $0.int64(0) } ?? 1
    }

    /// A household's entries dated within `dates`, oldest first.
    public func list(householdID: Int64, dates: ClosedRange<LocalDate>) throws -> [Entry] {
        var result: [Entry] = []
        try db.query("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ?
            ORDER BY e.local_date, e.id
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { result.append(Self.entry($0)) }
        return result
    }

    public func entry(id: Int64) throws -> Entry? {
        try db.queryFirst(Self.entryByID, id, transform: Self.entry)
    }

    /// Written once: interpolating the columns cost each read 2,400 instructions.
    static let entryByID = "SELECT \(entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id WHERE e.id = ?"

    public func count(householdID: Int64) throws -> Int {
        try db.queryFirst("SELECT COUNT(*) FROM entries WHERE household_id = ?", householdID) {
            $0.int(0)
        } ?? 0
    }

    /// How many of a household's entries within `dates` `viewer` may see.
    public func count(householdID: Int64, dates: ClosedRange<LocalDate>, shownTo viewer: Viewer = .books) throws -> Int {
        let visible = viewer.condition
        var count = 0
        try db.query("""
            SELECT COUNT(*) FROM entries e WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? \(visible.sql)
            """, arguments: [householdID, dates.lowerBound.iso, dates.upperBound.iso] + visible.arguments) { count = $0.int(0) }
        return count
    }

    /// The id of the member's account `key`, archived or not; made when the member lacks it.
    func accountID(memberID: Int64, key: AccountKey) throws -> Int64 {
        try accountRow(memberID: memberID, key: key).id
    }

    /// The account's id and the name its member gave it, from the member's remembered accounts.
    private func accountRow(memberID: Int64, key: AccountKey) throws -> (id: Int64, name: String?) {
        let rows = try db.remembered(RememberedRead.accountIDs(memberID: memberID)) {
            var rows: [String: (id: Int64, name: String?)] = [:]
            try db.query("SELECT key, id, name FROM accounts WHERE member_id = ?", memberID) {
                rows[$0.string(0)] = ($0.int64(1), $0.optionalString(2))
            }
            return rows
        }
        if let row = rows[key.rawValue] { return row }
        try db.execute("INSERT INTO accounts (member_id, key) VALUES (?, ?)", memberID, key.rawValue)
        return (db.lastInsertRowID, nil)
    }

    /// A message's text is stored once, on its first entry (a message of hundreds of entries
    /// would otherwise store it hundreds of times); every entry of it reads it back, through
    /// the index on the source message, so each can show how its amount was computed.
    static let entryColumns = """
        e.id, e.household_id, e.member_id, e.kind, e.amount_minor, e.currency, e.category, a.key,
        e.local_date, e.created_at, e.note,
        COALESCE(NULLIF(e.original_text, ''), (SELECT f.original_text FROM entries f
            WHERE f.source_chat_id = e.source_chat_id AND f.source_message_id = e.source_message_id
            AND f.original_text <> '' LIMIT 1), ''),
        e.is_private,
        e.source_update_id, e.source_chat_id, e.source_message_id, e.base_minor, a.name
        """

    static func entry(_ row: Row) -> Entry {
        let code = row.string(5)
        return Entry(
            id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2),
            kind: EntryKind(rawValue: row.string(3)) ?? .expense,
            amount: Money(minorUnits: row.int64(4),
                          currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)),
            category: CategoryKey(rawValue: row.string(6)), account: AccountKey(rawValue: row.string(7)),
            date: LocalDate(iso: row.string(8)) ?? LocalDate(year: 1970, month: 1, day: 1)!,
            createdAt: Ledger.date(fromTimestamp: row.string(9)), note: row.string(10),
            originalText: row.string(11), isPrivate: row.bool(12),
            source: EntrySource(updateID: row.optionalInt64(13), chatID: row.optionalInt64(14),
                                messageID: row.optionalInt64(15)),
            baseMinor: row.optionalInt64(16), accountName: row.optionalString(17))
    }
}
