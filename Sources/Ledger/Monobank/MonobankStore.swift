import Banking
import FoundationEssentials
import KopiykaCore
import SQLite

/// A member's link to Monobank: waiting for a token, checking it, or connected.
public struct MonobankLink: Equatable, Sendable {
    public enum State: String, Sendable { case waiting, checking, connected }

    public let memberID: Int64
    public let chatID: Int64
    public let state: State
    /// The instructions (while waiting) or the message the check answers in, edited in place.
    public let messageOutboxID: Int64?
}

/// One of the member's Monobank accounts or jars, as client-info listed it.
public struct MonobankAccount: Equatable, Sendable {
    public enum Kind: String, Sendable { case card, jar }

    public let id: Int64
    public let memberID: Int64
    public let accountID: String
    public let kind: Kind
    /// `*1234` for a card, the title for a jar: never more of a card number.
    public let label: String
    public let currency: Currency
    public let followed: Bool
    /// Where its stored facts reach; nil before its first window.
    public let cursor: Date?
    /// The time of its oldest hold not settled yet, of the last `FactRoles.settleWindow`:
    /// reading again from there brings the settled row (`feedSources` only).
    public var openHoldSince: Date? = nil
    /// When the bank last answered a read of it; nil before its first.
    public var lastRead: Date? = nil

    public init(id: Int64 = 0, memberID: Int64 = 0, accountID: String, kind: Kind, label: String, currency: Currency,
                followed: Bool = false, cursor: Date? = nil) {
        self.id = id
        self.memberID = memberID
        self.accountID = accountID
        self.kind = kind
        self.label = label
        self.currency = currency
        self.followed = followed
        self.cursor = cursor
    }
}

/// A token to poll, opened for the bot's feed loop only.
public struct MonobankFeedSource: Sendable {
    public let memberID: Int64
    /// Nil when it cannot be opened (the key file beside the database is gone).
    public let token: String?
    public let needsCheck: Bool
    public let accounts: [MonobankAccount]
}

/// Monobank links and accounts (`ledger.monobank`). The token goes in sealed and comes out
/// only through `feedSources()`, for the loop that calls the bank.
///
/// A value over the ledger's connection, not `Sendable`, used inside its owner's transactions.
public struct MonobankStore {
    let db: Connection
    let clock: WallClock
    let seal: TokenSeal

    public func link(memberID: Int64) throws -> MonobankLink? {
        try db.queryFirst("SELECT member_id, chat_id, state, message_outbox_id FROM monobank_links WHERE member_id = ?", memberID) { row in
            MonobankLink.State(rawValue: row.string(2)).map {
                MonobankLink(memberID: row.int64(0), chatID: row.int64(1), state: $0, messageOutboxID: row.optionalInt64(3))
            }
        } ?? nil
    }

    /// Remembers the instructions a token may answer; a connected link stays as it is.
    public func wait(memberID: Int64, chatID: Int64, instructionsOutboxID: Int64) throws {
        try db.execute("""
            INSERT INTO monobank_links (member_id, chat_id, state, message_outbox_id, created_at) VALUES (?, ?, 'waiting', ?, ?)
            ON CONFLICT (member_id) DO UPDATE SET chat_id = excluded.chat_id, message_outbox_id = excluded.message_outbox_id
            WHERE state = 'waiting'
            """, arguments: [memberID, chatID, instructionsOutboxID, Ledger.timestamp(clock.now())])
    }

    /// Keeps a new token, sealed, to be checked; it replaces any token before it, and the
    /// accounts that token followed. False when it could not be sealed (no key file can be made).
    public func connect(memberID: Int64, chatID: Int64, token: String, messageOutboxID: Int64) throws -> Bool {
        guard let sealed = seal.seal(token) else { return false }
        try remove(memberID: memberID)
        try db.execute("""
            INSERT INTO monobank_links (member_id, chat_id, sealed_token, state, message_outbox_id, created_at)
            VALUES (?, ?, ?, 'checking', ?, ?)
            """, arguments: [memberID, chatID, SQLiteValue.blob(sealed), messageOutboxID, Ledger.timestamp(clock.now())])
        return true
    }

    /// The token was accepted: its accounts and jars, none followed yet.
    public func checked(memberID: Int64, accounts: [MonobankAccount]) throws {
        guard try db.execute("UPDATE monobank_links SET state = 'connected' WHERE member_id = ? AND state = 'checking'", memberID) == 1
        else { return }
        for account in accounts {
            try db.execute("""
                INSERT INTO monobank_accounts (member_id, account_id, kind, label, currency) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (member_id, account_id) DO NOTHING
                """, arguments: [memberID, account.accountID, account.kind.rawValue, account.label, account.currency.code])
        }
    }

    /// Forgets the token and its accounts; the facts they brought stay.
    public func remove(memberID: Int64) throws {
        try db.execute("DELETE FROM monobank_links WHERE member_id = ?", memberID)
    }

    public func accounts(memberID: Int64) throws -> [MonobankAccount] {
        var result: [MonobankAccount] = []
        try db.query("SELECT \(Self.accountColumns) FROM monobank_accounts WHERE member_id = ? ORDER BY kind, id", memberID) { row in
            if let account = Self.account(row) { result.append(account) }
        }
        return result
    }

    /// Follows or stops following one of the member's accounts; nil when it is not theirs.
    public func toggle(accountRowID: Int64, memberID: Int64) throws -> Bool? {
        guard try db.execute("UPDATE monobank_accounts SET followed = 1 - followed WHERE id = ? AND member_id = ?",
                             accountRowID, memberID) == 1 else { return nil }
        return try db.queryFirst("SELECT followed FROM monobank_accounts WHERE id = ?", accountRowID) { $0.bool(0) }
    }

    /// The bank answered a read of the account at `time`.
    public func markRead(memberID: Int64, accountID: String, at time: Date) throws {
        try db.execute("UPDATE monobank_accounts SET last_read = ? WHERE member_id = ? AND account_id = ?",
                       Int64(time.timeIntervalSince1970.rounded(.down)), memberID, accountID)
    }

    /// Moves an account's cursor forward, never back.
    public func advance(memberID: Int64, accountID: String, to cursor: Date) throws {
        try db.execute("""
            UPDATE monobank_accounts SET cursor = max(coalesce(cursor, 0), ?) WHERE member_id = ? AND account_id = ?
            """, Int64(cursor.timeIntervalSince1970.rounded(.down)), memberID, accountID)
    }

    /// Every token being checked or connected, opened, with the accounts its member follows
    /// and their open holds. Why only a week of holds: most settle within days, and a hold the
    /// bank dropped (an authorisation cancelled) stays stored as one; it must not widen every
    /// read for good. One index seek per followed account.
    public func feedSources() throws -> [MonobankFeedSource] {
        var links: [(Int64, [UInt8], Bool)] = []
        try db.query("SELECT member_id, sealed_token, state FROM monobank_links WHERE state IN ('checking', 'connected') ORDER BY member_id") {
            links.append(($0.int64(0), $0.blob(1), $0.string(2) == "checking"))
        }
        return try links.map { memberID, sealed, needsCheck in
            MonobankFeedSource(memberID: memberID, token: seal.open(sealed), needsCheck: needsCheck,
                               accounts: try accounts(memberID: memberID).filter(\.followed).map { account in
                                   var account = account
                                   account.openHoldSince = try oldestOpenHold(memberID: memberID, accountID: account.accountID)
                                   return account
                               })
        }
    }

    func oldestOpenHold(memberID: Int64, accountID: String) throws -> Date? {
        let since = Int64(clock.now().timeIntervalSince1970) - FactRoles.settleWindow
        return try db.queryFirst("""
            SELECT min(time) FROM bank_facts WHERE member_id = ? AND account = ? AND is_hold = 1 AND time >= ? AND bank = 'monobank'
            """, memberID, accountID, since) { $0.optionalInt64(0).map { Date(timeIntervalSince1970: TimeInterval($0)) } } ?? nil
    }

    static let accountColumns = "id, member_id, account_id, kind, label, currency, followed, cursor, last_read"

    static func account(_ row: Row) -> MonobankAccount? {
        guard let kind = MonobankAccount.Kind(rawValue: row.string(3)), let currency = Currency(code: row.string(5)) else { return nil }
        var account = MonobankAccount(id: row.int64(0), memberID: row.int64(1), accountID: row.string(2), kind: kind, label: row.string(4),
                                      currency: currency, followed: row.bool(6),
                                      cursor: row.optionalInt64(7).map { Date(timeIntervalSince1970: TimeInterval($0)) })
        account.lastRead = row.optionalInt64(8).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return account
    }
}
