import Banking
import FoundationEssentials
import Ledger

/// The Monobank feed's results, from the bot's loop that calls the bank. Call each inside a
/// transaction: what it stores and what it says land together.
extension ConversationHandler {
    public func monobankChecked(memberID: Int64, accounts: [MonobankAccount]) throws {
        try MonobankFeature(context).checked(memberID: memberID, accounts: accounts)
    }

    /// `unreadable`: the sealed token could not be opened (its key file is gone).
    public func monobankRefused(memberID: Int64, unreadable: Bool = false) throws {
        try MonobankFeature(context).refused(memberID: memberID, unreadable: unreadable)
    }

    /// The bank's answer to a new token's check could not be read (a page, JSON cut short).
    public func monobankCheckUnreadable(memberID: Int64) throws {
        try MonobankFeature(context).checkUnreadable(memberID: memberID)
    }

    public func monobankReceived(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?) throws {
        try MonobankFeature(context).received(memberID: memberID, accountID: accountID, facts: facts, cursor: cursor)
    }
}
