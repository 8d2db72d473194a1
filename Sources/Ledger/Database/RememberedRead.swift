import SQLite

/// The reads an update repeats, remembered across transactions until a table they read
/// changes (`Connection.remembered`): per message, the member by Telegram id was read 3
/// times, their accounts 3, their household 5, its members 2, its category rules 2, the id of
/// the account an entry goes to 1; each message of a family repeats them all.
enum RememberedRead {
    case household(id: Int64)
    case member(telegramUserID: Int64)
    case members(householdID: Int64)
    case accounts(memberID: Int64, includingArchived: Bool)
    case categoryRules(householdID: Int64)
    case accountIDs(memberID: Int64)

    var key: RememberedKey {
        switch self {
        case .household(let id): RememberedKey(kind: 0, id)
        case .member(let telegramUserID): RememberedKey(kind: 1, telegramUserID)
        case .members(let householdID): RememberedKey(kind: 2, householdID)
        case .accounts(let memberID, let includingArchived): RememberedKey(kind: 3, memberID, includingArchived ? 1 : 0)
        case .categoryRules(let householdID): RememberedKey(kind: 4, householdID)
        case .accountIDs(let memberID): RememberedKey(kind: 5, memberID)
        }
    }

    /// Every table the read's statement reads.
    var tables: [String] {
        switch self {
        case .household: ["households"]
        case .member, .members: ["members"]
        case .accounts: ["accounts", "members", "households"]
        case .categoryRules: ["category_rules"]
        case .accountIDs: ["accounts"]
        }
    }
}

extension Connection {
    func remembered<T>(_ read: RememberedRead, _ load: () throws -> T) rethrows -> T {
        try remembered(read.key, reading: read.tables, load)
    }
}
