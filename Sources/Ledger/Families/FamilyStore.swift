import FoundationEssentials
import KopiykaCore
import SQLite

/// Who a new member is, as Telegram (or the console) tells it.
public struct Newcomer: Equatable, Sendable {
    public var telegramUserID: Int64
    public var name: String
    public var language: String

    public init(telegramUserID: Int64, name: String, language: String) {
        self.telegramUserID = telegramUserID
        self.name = name
        self.language = language
    }
}

/// Households and the people in them: members joining and leaving, invitations, the family
/// chat a household posts to, and the batched posts it gets.
///
/// A value over the ledger's connection (`ledger.families`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct FamilyStore {
    let db: Connection
    let clock: WallClock
}

extension FamilyStore {
    static let memberColumns = "id, household_id, telegram_user_id, name, language, role, default_account"

    /// `memberColumns` of `members m`, for joins.
    static let joinedMemberColumns = memberColumns.split(separator: ", ").map { "m.\($0)" }.joined(separator: ", ")

    static func member(_ row: Row) -> Member {
        Member(id: row.int64(0), householdID: row.int64(1), telegramUserID: row.int64(2),
               name: row.string(3), language: row.string(4),
               role: Member.Role(rawValue: row.string(5)) ?? .member,
               defaultAccount: AccountKey(rawValue: row.string(6)))
    }

    public func member(telegramUserID: Int64) throws -> Member? {
        try db.remembered(RememberedRead.member(telegramUserID: telegramUserID)) {
            try db.queryFirst("SELECT \(Self.memberColumns) FROM members WHERE telegram_user_id = ?",
                              telegramUserID, transform: Self.member)
        }
    }

    public func member(id: Int64) throws -> Member? {
        try db.queryFirst("SELECT \(Self.memberColumns) FROM members WHERE id = ?", id,
                          transform: Self.member)
    }

    public func members(householdID: Int64) throws -> [Member] {
        try db.remembered(RememberedRead.members(householdID: householdID)) {
            var result: [Member] = []
            try db.query("SELECT \(Self.memberColumns) FROM members WHERE household_id = ? ORDER BY id",
                         householdID) { result.append(Self.member($0)) }
            return result
        }
    }

    /// Member id → name, for lines that say who spent what: members and former members.
    public func memberNames(householdID: Int64) throws -> [Int64: String] {
        Dictionary(try (members(householdID: householdID) + formerMembers(householdID: householdID)).map { ($0.id, $0.name) },
                   uniquingKeysWith: { current, _ in current })
    }

    public func household(id: Int64) throws -> Household? {
        try db.remembered(RememberedRead.household(id: id)) {
            try db.queryFirst("SELECT \(Self.householdColumns) FROM households WHERE id = ?", id,
                              transform: Self.household)
        }
    }

    static let householdColumns = "id, base_currency, time_zone, family_chat_id, family_thread_id, broadcast_mode, family_chat_paused"

    static func household(_ row: Row) -> Household {
        Household(id: row.int64(0),
                  baseCurrency: Currency(code: row.string(1)) ?? Currency(code: row.string(1), minorUnitDigits: 2),
                  timeZone: ZoneRules(identifier: row.string(2)) ?? .utc,
                  familyChatID: row.optionalInt64(3), familyThreadID: row.optionalInt64(4),
                  broadcastMode: BroadcastMode(rawValue: row.string(5)) ?? .batched, familyChatPaused: row.bool(6))
    }

    /// Every household: the scheduler walks them once a minute (a few thousand rows at most).
    public func households() throws -> [Household] {
        var result: [Household] = []
        try db.query("SELECT \(Self.householdColumns) FROM households ORDER BY id") { result.append(Self.household($0)) }
        return result
    }

    /// Creates a household with `owner` as its first member and their built-in accounts.
    public func createHousehold(
        owner: Newcomer, baseCurrency: Currency = .uah, timeZone: ZoneRules
    ) throws -> Member {
        try db.transaction {
            let now = Ledger.timestamp(clock.now())
            try db.execute("INSERT INTO households (base_currency, time_zone, created_at) VALUES (?, ?, ?)",
                           baseCurrency.code, timeZone.identifier, now)
            return try insertMember(owner, householdID: db.lastInsertRowID, role: .owner, now: now)
        }
    }

    /// Adds a person to an existing household, with their built-in accounts.
    public func addMember(_ newcomer: Newcomer, householdID: Int64) throws -> Member {
        try db.transaction {
            try insertMember(newcomer, householdID: householdID, role: .member,
                             now: Ledger.timestamp(clock.now()))
        }
    }

    private func insertMember(_ newcomer: Newcomer, householdID: Int64, role: Member.Role,
                              now: String) throws -> Member {
        try db.execute("""
            INSERT INTO members (household_id, telegram_user_id, name, language, role, default_account, joined_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, householdID, newcomer.telegramUserID, newcomer.name, newcomer.language,
            role.rawValue, AccountKey.card.rawValue, now)
        let memberID = db.lastInsertRowID
        for account in AccountKey.builtIn {
            try db.execute("INSERT INTO accounts (member_id, key) VALUES (?, ?)", memberID, account.rawValue)
        }
        return Member(id: memberID, householdID: householdID, telegramUserID: newcomer.telegramUserID,
                      name: newcomer.name, language: newcomer.language, role: role,
                      defaultAccount: .card)
    }

    public func setLanguage(_ language: String, memberID: Int64) throws {
        try db.execute("UPDATE members SET language = ? WHERE id = ?", language, memberID)
    }

    public func setRole(_ role: Member.Role, memberID: Int64) throws {
        try db.execute("UPDATE members SET role = ? WHERE id = ?", role.rawValue, memberID)
    }
}
