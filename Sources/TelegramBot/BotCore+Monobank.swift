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
    /// reads after: nil for the first) is counted first. The stored cursor is the key because it
    /// stays put until the window is stored; the window's own ends move with the clock.
    ///
    /// A window attempted before (the process died in it, or it failed) is first tried row by
    /// row (`rowsThatPass`), so a row that crashes is given up alone and the rest of the window
    /// is stored as one; a window that still crashes or fails three times with every row passing
    /// alone is given up whole: the cursor moves to `end` (one error line). Either way the feed
    /// never crash-loops on it for good, and the token stays.
    func monobankReceived(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?, after stored: Date?,
                          end: Date) throws {
        let key = Self.monobankWindowKey(memberID: memberID, accountID: accountID, after: stored)
        var facts = facts
        if try ledger.botState.attemptCount(key) > 0 {
            facts = try rowsThatPass(facts, memberID: memberID, accountID: accountID)
        }
        let outcome = try attempts.run(key, giveUp: { _ in
            try ledger.monobank.advance(memberID: memberID, accountID: accountID, to: cursor ?? end)
        }) {
            try faults.check(key)
            try faults.check(facts)
            try conversation.monobankReceived(memberID: memberID, accountID: accountID, facts: facts, cursor: cursor)
        }
        if case .givenUp(let count) = outcome {
            log.error("gave up \(key) after \(count) attempts (each crashed or failed); the account is read on after it")
        }
        doorbell.ring()
    }

    /// `facts` less those that crash or fail when stored alone, each tried under the attempt
    /// rule in a savepoint that is rolled back: a row given up (three deaths or failures) is
    /// logged once and left out; the others are stored together by the caller. A row that
    /// fails throws, and the window is tried again later.
    ///
    /// Cost: one attempt count and one rolled-back intake per row, only for a window a process
    /// died in or that failed.
    private func rowsThatPass(_ facts: [BankFact], memberID: Int64, accountID: String) throws -> [BankFact] {
        try facts.filter { fact in
            let key = Self.monobankRowKey(memberID: memberID, accountID: accountID, bankID: fact.bankID ?? "")
            let outcome = try attempts.run(key, giveUp: { _ in }) {
                do {
                    try ledger.transaction {
                        try faults.check([fact])
                        try conversation.monobankReceived(memberID: memberID, accountID: accountID, facts: [fact], cursor: nil)
                        throw RowPassed()
                    }
                } catch is RowPassed {}
            }
            guard case .givenUp(let count) = outcome else { return true }
            log.error("gave up \(key) after \(count) attempts (each crashed or failed); the rest of its window goes on")
            return false
        }
    }

    /// Rolls a row's trial back once it has passed.
    private struct RowPassed: Error {}

    /// `monobank 7 <account> 1795100000` (`… new` before the first window): the account id is
    /// the bank's, no secret, clipped.
    static func monobankWindowKey(memberID: Int64, accountID: String, after stored: Date?) -> AttemptKey {
        let start = stored.flatMap { Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) }
        return AttemptKey(kind: "monobank", subject: memberID, period: "\(accountID.prefix(64)) \(start.map(String.init) ?? "new")")
    }

    /// `monobank-row 7 <account> <the bank's id of the row>`, both clipped to what an id is
    /// made of: a log line stays one line.
    static func monobankRowKey(memberID: Int64, accountID: String, bankID: String) -> AttemptKey {
        let id = String(bankID.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }.prefix(64))
        return AttemptKey(kind: "monobank-row", subject: memberID, period: "\(accountID.prefix(64)) \(id)")
    }
}
