import SQLite

/// The reads an update repeats, remembered for the rest of its transaction while nothing is
/// written (`Connection.remembered`): per message, the member by Telegram id was read 3
/// times, their accounts 3, their household 4, its category rules 2.
enum RememberedRead: Hashable {
    case household(id: Int64)
    case member(telegramUserID: Int64)
    case accounts(memberID: Int64, includingArchived: Bool)
    case categoryRules(householdID: Int64)
}
