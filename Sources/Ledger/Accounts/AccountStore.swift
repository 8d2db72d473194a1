import FoundationEssentials
import KopiykaCore
import SQLite

/// Members' accounts, their balances, the transfers between them and the questions the bot
/// asked about them.
///
/// A value over the ledger's connection (`ledger.accounts`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct AccountStore {
    let db: Connection
    let clock: WallClock

    /// Where a new account's rows are found for an entry: the one other store this one calls.
    var entries: EntryStore { EntryStore(db: db, clock: clock) }
}

extension AccountStore {
    static let columns = """
        a.id, a.member_id, a.key, a.name, COALESCE(a.kind, CASE a.key WHEN 'cash' THEN 'cash' ELSE 'card' END),
        COALESCE(a.currency, h.base_currency), a.opening_minor, a.archived
        """
    static let joins = "FROM accounts a JOIN members m ON m.id = a.member_id JOIN households h ON h.id = m.household_id"

    /// A member's accounts, built-in ones first in their order, then theirs by age.
    public func accounts(memberID: Int64, includingArchived: Bool = false) throws -> [Account] {
        try db.remembered(RememberedRead.accounts(memberID: memberID, includingArchived: includingArchived)) {
            var result: [Account] = []
            try db.query("""
                SELECT \(Self.columns) \(Self.joins) WHERE a.member_id = ? \(includingArchived ? "" : "AND a.archived = 0")
                ORDER BY a.key LIKE 'own.%', a.id
                """, memberID) { result.append(Self.account($0)) }
            return result
        }
    }

    public func account(id: Int64) throws -> Account? {
        try db.queryFirst("SELECT \(Self.columns) \(Self.joins) WHERE a.id = ?", id, transform: Self.account)
    }

    /// A member's account by key, made when it is a built-in the member lacks.
    public func account(memberID: Int64, key: AccountKey) throws -> Account? {
        if key.rawValue.hasPrefix(Self.ownPrefix) {
            return try db.queryFirst("SELECT \(Self.columns) \(Self.joins) WHERE a.member_id = ? AND a.key = ?",
                                     memberID, key.rawValue, transform: Self.account)
        }
        return try account(id: try entries.accountID(memberID: memberID, key: key))
    }

    /// Makes an account of the member's own, with a key of its own (`own.<id>`) that no rename
    /// changes. The name is stored as given: the caller checks it.
    public func add(name: String, kind: AccountKind, currency: Currency, openingMinor: Int64 = 0,
                    memberID: Int64) throws -> Account {
        try db.transaction {
            try db.execute("""
                INSERT INTO accounts (member_id, key, name, kind, currency, opening_minor) VALUES (?, 'own.new', ?, ?, ?, ?)
                """, memberID, name, kind.rawValue, currency.code, openingMinor)
            let id = db.lastInsertRowID
            try db.execute("UPDATE accounts SET key = ? WHERE id = ?", Self.ownPrefix + String(id), id)
            return Account(id: id, memberID: memberID, key: AccountKey(rawValue: Self.ownPrefix + String(id)), name: name,
                           kind: kind, currency: currency, openingMinor: openingMinor, isArchived: false)
        }
    }

    public func rename(_ accountID: Int64, to name: String) throws {
        try db.execute("UPDATE accounts SET name = ? WHERE id = ?", name, accountID)
    }

    /// Makes the account hold `minor` of its currency now, by setting its opening balance to
    /// what its entries and transfers do not explain. Throws `MoneyOverflow`, changing nothing,
    /// when that opening would not fit.
    public func setBalance(_ accountID: Int64, to minor: Int64) throws {
        guard let account = try account(id: accountID) else { return }
        let balance = try balances(of: [account])[account.id]
        let moved = try CheckedMinor.subtract(balance?.amounts[account.currency] ?? 0, account.openingMinor)
        try db.execute("UPDATE accounts SET opening_minor = ? WHERE id = ?", try CheckedMinor.subtract(minor, moved), accountID)
    }

    /// Each account's balance. Reads the entries through their account index and the
    /// transfers through theirs: a few index lookups per account. Throws `MoneyOverflow` when
    /// a sum leaves `Int64`.
    public func balances(of accounts: [Account]) throws -> [Int64: AccountBalance] {
        var result: [Int64: AccountBalance] = [:]
        for account in accounts {
            var amounts: [Currency: Int128] = [account.currency: Int128(account.openingMinor)]
            var used = false
            func add(_ code: String, _ minor: Int64, sign: Int128) {
                let currency = Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)
                amounts[currency, default: 0] += sign * Int128(minor)
                used = true
            }
            // Per-row sums in Int128: SQLite's SUM stops with an error past Int64.
            try db.query("SELECT kind, currency, amount_minor FROM entries WHERE account_id = ?", account.id) {
                add($0.string(1), $0.int64(2), sign: $0.string(0) == EntryKind.income.rawValue ? 1 : -1)
            }
            try db.query("SELECT currency, amount_minor FROM transfers WHERE from_account_id = ?", account.id) {
                add($0.string(0), $0.int64(1), sign: -1)
            }
            try db.query("SELECT received_currency, received_minor FROM transfers WHERE to_account_id = ?", account.id) {
                add($0.string(0), $0.int64(1), sign: 1)
            }
            var narrowed: [Currency: Int64] = [:]
            for (currency, minor) in amounts where minor != 0 || currency == account.currency {
                narrowed[currency] = try CheckedMinor.narrow(minor)
            }
            result[account.id] = AccountBalance(amounts: narrowed, isUsed: used)
        }
        return result
    }

    static let ownPrefix = "own."

    static func account(_ row: Row) -> Account {
        let code = row.string(5)
        return Account(
            id: row.int64(0), memberID: row.int64(1), key: AccountKey(rawValue: row.string(2)), name: row.optionalString(3),
            kind: AccountKind(rawValue: row.string(4)) ?? .card,
            currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2),
            openingMinor: row.int64(6), isArchived: row.bool(7))
    }
}
