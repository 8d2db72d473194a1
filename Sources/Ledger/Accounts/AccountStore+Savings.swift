import FoundationEssentials
import KopiykaCore
import SQLite

extension AccountStore {
    /// Records what a savings account is worth on `date` (its currency's minor units); a
    /// second word the same day replaces the first. Returns the value it had that day before.
    @discardableResult
    public func setValue(_ minor: Int64, of account: Account, on date: LocalDate) throws -> Int64? {
        let before = try value(of: account, on: date)
        try db.execute("""
            INSERT INTO savings_values (account_id, local_date, value_minor, updated_at, entries_seen, transfers_seen)
            VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM entries), (SELECT COALESCE(MAX(id), 0) FROM transfers))
            ON CONFLICT (account_id, local_date) DO UPDATE SET value_minor = excluded.value_minor, updated_at = excluded.updated_at,
                entries_seen = excluded.entries_seen, transfers_seen = excluded.transfers_seen
            """, arguments: [account.id, date.iso, minor, Ledger.timestamp(clock.now())])
        return before
    }

    /// What the account was worth at the end of `date`: the last value said on or before that
    /// day, plus the money moved in and out after it (a deposit topped up is worth more
    /// without a word); with no value said yet, its balance as of that day. Nil before the
    /// account held anything and after it was closed. Two index seeks and the account's
    /// transfers and entries after the last value. Throws `MoneyOverflow` past `Int64`.
    public func value(of account: Account, on date: LocalDate) throws -> Int64? {
        if let closed = try archivedOn(account.id), closed <= date { return nil }
        let said = try db.queryFirst("""
            SELECT local_date, value_minor, entries_seen, transfers_seen FROM savings_values WHERE account_id = ? AND local_date <= ?
            ORDER BY local_date DESC LIMIT 1
            """, account.id, date.iso) { row in
            LocalDate(iso: row.string(0)).map { (day: $0, minor: row.int64(1), entries: row.int64(2), transfers: row.int64(3)) }
        } ?? nil
        var total = Int128(said?.minor ?? account.openingMinor)
        var moved = false
        // Money moved after the word: on later days, or later the same day (a larger id).
        // Every ISO date sorts after the empty string.
        let day = said?.day.iso ?? ""
        func after(_ seen: Int64?) -> [any SQLiteBindable] {
            [account.id, account.currency.code, day, day, seen ?? 0, date.iso]
        }
        let window = "(local_date > ? OR (local_date = ? AND id > ?)) AND local_date <= ?"
        try db.query("SELECT kind, amount_minor FROM entries WHERE account_id = ? AND currency = ? AND \(window)",
                     arguments: after(said?.entries)) {
            total += ($0.string(0) == EntryKind.income.rawValue ? 1 : -1) * Int128($0.int64(1))
            moved = true
        }
        try db.query("SELECT amount_minor FROM transfers WHERE from_account_id = ? AND currency = ? AND \(window)",
                     arguments: after(said?.transfers)) {
            total -= Int128($0.int64(0))
            moved = true
        }
        try db.query("SELECT received_minor FROM transfers WHERE to_account_id = ? AND received_currency = ? AND \(window)",
                     arguments: after(said?.transfers)) {
            total += Int128($0.int64(0))
            moved = true
        }
        guard said != nil || moved || account.openingMinor != 0 else { return nil }
        return try CheckedMinor.narrow(total)
    }

    /// The first day the account was worth anything: its first value said, entry or transfer
    /// (the day it was opened, for an opening balance: nil then, as it counts from the start).
    /// Four index seeks. Growth is counted from that day's value, never from zero.
    public func firstValueDay(of account: Account) throws -> LocalDate? {
        let days = try db.queryFirst("""
            SELECT MIN(d) FROM (
                SELECT MIN(local_date) AS d FROM savings_values WHERE account_id = ?1
                UNION ALL SELECT MIN(local_date) FROM entries WHERE account_id = ?1
                UNION ALL SELECT MIN(local_date) FROM transfers WHERE from_account_id = ?1
                UNION ALL SELECT MIN(local_date) FROM transfers WHERE to_account_id = ?1)
            """, account.id) { $0.optionalString(0) } ?? nil
        return days.flatMap { LocalDate(iso: $0) }
    }

    /// The day an account was closed, if it was.
    public func archivedOn(_ accountID: Int64) throws -> LocalDate? {
        try db.queryFirst("SELECT archived_on FROM accounts WHERE id = ?", accountID) { $0.optionalString(0) }?
            .flatMap { LocalDate(iso: $0) }
    }

    /// Closes an account from `date` on: its history stays, its value leaves the totals of
    /// that day and after.
    public func archive(_ accountID: Int64, on date: LocalDate) throws {
        try db.execute("UPDATE accounts SET archived = 1, archived_on = ? WHERE id = ?", arguments: [date.iso, accountID])
    }
}
