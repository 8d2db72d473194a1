import Banking
import Conversation
import FoundationEssentials
import Ledger
import TelegramClient

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

    /// An account's facts, and its cursor when the window is whole, in one transaction, under
    /// the attempt rule: the attempt at the window (member, account, and the stored cursor it
    /// reads after: nil for the first) is counted first, so a window whose facts crash the
    /// process or fail three times is given up: the cursor moves to `end` (one error line), and
    /// the feed never crash-loops on it for good. The stored cursor is the key because it stays
    /// put until the window is stored; the window's own ends move with the clock.
    func monobankReceived(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?, after stored: Date?,
                          end: Date) throws {
        let key = Self.monobankWindowKey(memberID: memberID, accountID: accountID, after: stored)
        let outcome = try attempts.run(key, giveUp: { _ in
            try ledger.monobank.advance(memberID: memberID, accountID: accountID, to: cursor ?? end)
        }) {
            try faults.check(key)
            try conversation.monobankReceived(memberID: memberID, accountID: accountID, facts: facts, cursor: cursor)
        }
        if case .givenUp(let count) = outcome {
            log.error("gave up \(key) after \(count) attempts (each crashed or failed); the account is read on after it")
        }
        doorbell.ring()
    }

    /// `monobank 7 <account> 1795100000` (`… new` before the first window): the account id is
    /// the bank's, no secret, clipped.
    static func monobankWindowKey(memberID: Int64, accountID: String, after stored: Date?) -> AttemptKey {
        let start = stored.flatMap { Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) }
        return AttemptKey(kind: "monobank", subject: memberID, period: "\(accountID.prefix(64)) \(start.map(String.init) ?? "new")")
    }
}
