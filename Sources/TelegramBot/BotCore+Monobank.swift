import Banking
import Conversation
import FoundationEssentials
import Ledger

extension BotCore {
    /// Tokens to poll, opened, with the accounts their members follow.
    func monobankSources() throws -> [MonobankFeedSource] {
        try ledger.monobank.feedSources()
    }

    func monobankChecked(memberID: Int64, accounts: [MonobankAccount]) throws {
        try ledger.transaction { try conversation.monobankChecked(memberID: memberID, accounts: accounts) }
        doorbell.ring()
    }

    func monobankRefused(memberID: Int64, unreadable: Bool) throws {
        try ledger.transaction { try conversation.monobankRefused(memberID: memberID, unreadable: unreadable) }
        doorbell.ring()
    }

    /// The bank's answer to a new token's check could not be read.
    func monobankCheckUnreadable(memberID: Int64) throws {
        try ledger.transaction { try conversation.monobankCheckUnreadable(memberID: memberID) }
        doorbell.ring()
    }

    /// An account's facts, and its cursor when the window is whole, in one transaction.
    func monobankReceived(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?) throws {
        try ledger.transaction {
            try conversation.monobankReceived(memberID: memberID, accountID: accountID, facts: facts, cursor: cursor)
        }
        doorbell.ring()
    }
}
