import FoundationEssentials
import KopiykaCore
import SQLite

/// Family archives (`ledger.archives`): a household's books read out as an `ArchiveBook`,
/// an archive's book taken into a household once per row, and the weekly sealed archives
/// owners turn on.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions.
public struct ArchiveStore {
    let db: Connection
    let clock: WallClock
    let seal: TokenSeal

    /// The household's books as `viewer` may see them: every row of the household, but
    /// another member's private entries and recurring payments left out, and only the
    /// viewer's own quick entries. Cost: one pass over the household's entries and transfers;
    /// the book is held in memory.
    public func book(householdID: Int64, for member: Member) throws -> ArchiveBook {
        let viewer = Viewer.member(member.id)
        guard let household = try db.queryFirst("SELECT base_currency, time_zone FROM households WHERE id = ?", householdID,
                                                 transform: { ($0.string(0), $0.string(1)) })
        else { throw ArchiveProblem.noHousehold }
        var members: [ArchiveMember] = []
        try db.query("""
            SELECT m.id, m.telegram_user_id, m.name, m.language, CASE WHEN m.household_id = ? THEN m.role ELSE 'former' END
            FROM members m WHERE m.household_id = ? OR m.id IN (SELECT member_id FROM former_members WHERE household_id = ?)
            ORDER BY m.id
            """, householdID, householdID, householdID) { row in
            members.append(ArchiveMember(id: row.int64(0), telegramUserID: row.int64(1), name: row.string(2),
                                         language: row.string(3), role: row.string(4)))
        }
        let memberIDs = members.map(\.id)
        let inList = memberIDs.map(String.init).joined(separator: ",")  // Our own integers.
        var accounts: [ArchiveAccount] = []
        try db.query("""
            SELECT id, member_id, key, name, kind, currency, opening_minor, archived_on, archived
            FROM accounts WHERE member_id IN (\(inList)) ORDER BY id
            """) { row in
            accounts.append(ArchiveAccount(id: row.int64(0), memberID: row.int64(1), key: row.string(2), name: row.optionalString(3),
                                           kind: row.optionalString(4), currency: row.optionalString(5), openingMinor: row.int64(6),
                                           archivedOn: row.optionalString(7), isArchived: row.bool(8)))
        }
        var entries: [ArchiveEntry] = []
        let shown = viewer.condition
        try db.query("""
            SELECT e.id, e.member_id, e.kind, e.amount_minor, e.currency, e.base_minor, e.category, e.account_id, e.local_date,
                   e.created_at, e.note, e.is_private
            FROM entries e WHERE e.household_id = ? \(shown.sql) ORDER BY e.local_date, e.id
            """, arguments: [householdID] + shown.arguments) { row in
            entries.append(ArchiveEntry(id: row.int64(0), memberID: row.int64(1), kind: row.string(2), amountMinor: row.int64(3),
                                        currency: row.string(4), baseMinor: row.optionalInt64(5), category: row.string(6),
                                        accountID: row.int64(7), date: row.string(8), createdAt: row.string(9), note: row.string(10),
                                        isPrivate: row.bool(11)))
        }
        var transfers: [ArchiveTransfer] = []
        try db.query("""
            SELECT id, member_id, from_account_id, to_account_id, amount_minor, currency, received_minor, received_currency,
                   local_date, created_at, note
            FROM transfers WHERE household_id = ? ORDER BY local_date, id
            """, householdID) { row in
            transfers.append(ArchiveTransfer(id: row.int64(0), memberID: row.int64(1), fromAccountID: row.int64(2),
                                             toAccountID: row.int64(3), amountMinor: row.int64(4), currency: row.string(5),
                                             receivedMinor: row.int64(6), receivedCurrency: row.string(7), date: row.string(8),
                                             createdAt: row.string(9), note: row.string(10)))
        }
        var savings: [ArchiveSavingsValue] = []
        try db.query("""
            SELECT account_id, local_date, value_minor FROM savings_values
            WHERE account_id IN (SELECT id FROM accounts WHERE member_id IN (\(inList))) ORDER BY account_id, local_date
            """) { row in
            savings.append(ArchiveSavingsValue(accountID: row.int64(0), date: row.string(1), valueMinor: row.int64(2)))
        }
        var budgets: [ArchiveBudget] = []
        try db.query("SELECT category, limit_minor FROM budgets WHERE household_id = ? ORDER BY category", householdID) { row in
            budgets.append(ArchiveBudget(category: row.string(0), limitMinor: row.int64(1)))
        }
        var rates: [ArchiveRate] = []
        try db.query("SELECT currency, base_per_unit_micros FROM exchange_rates WHERE household_id = ? ORDER BY currency", householdID) { row in
            rates.append(ArchiveRate(currency: row.string(0), basePerUnitMicros: row.int64(1)))
        }
        var recurring: [ArchiveRecurring] = []
        try db.query("""
            SELECT id, member_id, mode, kind, amount_minor, currency, category, account, note, is_private, cadence, start_date,
                   end_date, next_date, paused
            FROM recurring_items WHERE household_id = ? AND deleted_at IS NULL ORDER BY id
            """, householdID) { row in
            guard viewer.sees(isPrivate: row.bool(9), of: row.int64(1)) else { return }
            recurring.append(ArchiveRecurring(id: row.int64(0), memberID: row.int64(1), mode: row.string(2), kind: row.string(3),
                                              amountMinor: row.optionalInt64(4), currency: row.string(5), category: row.string(6),
                                              account: row.optionalString(7), note: row.string(8), isPrivate: row.bool(9),
                                              cadence: row.string(10), startDate: row.string(11), endDate: row.optionalString(12),
                                              nextDate: row.optionalString(13), isPaused: row.bool(14)))
        }
        var rules: [ArchiveRule] = []
        try db.query("SELECT stem, category FROM category_rules WHERE household_id = ? ORDER BY stem", householdID) { row in
            rules.append(ArchiveRule(stem: row.string(0), category: row.string(1)))
        }
        var pins: [ArchiveQuickPin] = []
        try db.query("""
            SELECT id, kind, amount_minor, currency, category, account, note, is_private FROM quick_pins WHERE member_id = ? ORDER BY id
            """, member.id) { row in
            pins.append(ArchiveQuickPin(id: row.int64(0), kind: row.string(1), amountMinor: row.int64(2), currency: row.string(3),
                                        category: row.string(4), account: row.optionalString(5), note: row.string(6),
                                        isPrivate: row.bool(7)))
        }
        return ArchiveBook(
            format: ArchiveBook.currentFormat, origin: try origin(of: householdID) ?? "",
            createdAt: Ledger.timestamp(clock.now()), memberID: member.id, baseCurrency: household.0, timeZone: household.1,
            members: members, accounts: accounts, entries: entries, transfers: transfers, savingsValues: savings,
            budgets: budgets, rates: rates, recurring: recurring, rules: rules, quickPins: pins)
    }

    /// A household's name in its archives: this database's random number, the household's id
    /// and the instant it was made. A copy of the database (a backup restored elsewhere) keeps
    /// it, and rightly: its rows are the archive's.
    func origin(of householdID: Int64) throws -> String? {
        let instance = try db.queryFirst("SELECT value FROM bot_state WHERE key = 'archive_instance'") { $0.int64(0) } ?? 0
        return try db.queryFirst("SELECT created_at FROM households WHERE id = ?", householdID) {
            "kopiyka-\(instance)-household-\(householdID)-\($0.string(0))"
        }
    }

    /// The categories this instance knows, in their order, with their kind (`expense`, `income`).
    public func categories() throws -> [(key: String, kind: String)] {
        var result: [(key: String, kind: String)] = []
        try db.query("SELECT key, kind FROM categories ORDER BY position") { result.append(($0.string(0), $0.string(1))) }
        return result
    }

    func categoryKinds() throws -> [String: String] {
        Dictionary(try categories().map { ($0.key, $0.kind) }, uniquingKeysWith: { first, _ in first })
    }
}

public enum ArchiveProblem: Error, Equatable {
    case noHousehold
}
