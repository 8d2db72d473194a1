import Banking
import KopiykaCore
import SQLite

/// Which of a member's accounts a bank is: asked once, the first time its rows come, so that
/// the bank's rows and what the member types land on one account.
extension StatementStore {
    /// The account the member chose for `bank`'s rows; nil when not chosen (not asked yet, or
    /// asked and not answered). One seek by key.
    public func bankAccount(memberID: Int64, bank: BankFact.Bank) throws -> AccountKey? {
        try db.queryFirst("SELECT account_key FROM bank_account_choices WHERE member_id = ? AND bank = ?", memberID, bank.rawValue) {
            $0.optionalString(0).map(AccountKey.init(rawValue:))
        } ?? nil
    }

    /// Notes that the member is asked about `bank`; true only the first time.
    public func askBankAccount(memberID: Int64, bank: BankFact.Bank) throws -> Bool {
        try db.execute("INSERT OR IGNORE INTO bank_account_choices (member_id, bank) VALUES (?, ?)", memberID, bank.rawValue) == 1
    }

    /// The member's answer: `bank`'s rows go to `key` from now on, and the entries and transfers
    /// its rows made on the bank's own account `from` move there. Two updates by account.
    public func chooseBankAccount(memberID: Int64, bank: BankFact.Bank, key: AccountKey, moving from: Int64, to: Int64) throws {
        try db.execute("INSERT OR REPLACE INTO bank_account_choices (member_id, bank, account_key) VALUES (?, ?, ?)",
                       memberID, bank.rawValue, key.rawValue)
        guard from != to else { return }
        try db.execute("UPDATE entries SET account_id = ? WHERE member_id = ? AND account_id = ?", to, memberID, from)
        try db.execute("UPDATE transfers SET from_account_id = ? WHERE member_id = ? AND from_account_id = ? AND to_account_id != ?",
                       to, memberID, from, to)
    }

    /// The balance the bank last gave for the member's `bank` rows (a statement's «Залишок», the
    /// feed's `balance`), with its time: the bank's word on that account. A jar's rows, which
    /// carry the jar's balance, are not the card's. Nil when none has one. Reads the member's
    /// facts of that bank (`bank_facts_by_member`).
    public func bankBalance(memberID: Int64, bank: BankFact.Bank) throws -> (balance: Money, time: Int64)? {
        try db.queryFirst("""
            SELECT balance_minor, currency, time FROM bank_facts
            WHERE member_id = ? AND bank = ? AND balance_minor IS NOT NULL AND is_hold = 0
              AND account NOT IN (SELECT account_id FROM monobank_accounts WHERE member_id = ? AND kind = 'jar')
            ORDER BY time DESC, id DESC LIMIT 1
            """, memberID, bank.rawValue, memberID) { row in
            Currency(code: row.string(1)).map { (Money(minorUnits: row.int64(0), currency: $0), row.int64(2)) }
        } ?? nil
    }
}
