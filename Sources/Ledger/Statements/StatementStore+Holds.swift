import Banking
import FoundationEssentials
import KopiykaCore
import SQLite

/// A stored fact's amounts and what became of it: what a hold's settled row compares.
public struct BankFactAmounts: Equatable, Sendable {
    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public let state: BankFactState
    public let entryID: Int64?
    /// Signed, in the account's currency.
    public let amount: Money
    public let operationAmount: Money?
}

extension StatementStore {
    /// The fact stored under `identity` while it is still a hold; nil for none, or a settled
    /// one. One seek on the household's unique identity.
    public func heldFact(identity: String, householdID: Int64) throws -> BankFactAmounts? {
        try amounts("household_id = ? AND identity = ? AND is_hold = 1", householdID, identity)
    }

    /// One stored fact's amounts, by id.
    public func amounts(factID: Int64) throws -> BankFactAmounts? {
        try amounts("id = ?", factID)
    }

    private func amounts(_ condition: String, _ arguments: any SQLiteBindable...) throws -> BankFactAmounts? {
        var found: BankFactAmounts?
        try db.query("""
            SELECT id, household_id, member_id, state, entry_id, amount_minor, currency, operation_minor, operation_currency
            FROM bank_facts WHERE \(condition)
            """, arguments: arguments) { row in
            guard let state = BankFactState(rawValue: row.string(3)), let currency = Currency(code: row.string(6)) else { return }
            let operation = row.optionalInt64(7).flatMap { minor in
                row.optionalString(8).flatMap(Currency.init(code:)).map { Money(minorUnits: minor, currency: $0) }
            }
            found = BankFactAmounts(id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), state: state,
                                    entryID: row.optionalInt64(4), amount: Money(minorUnits: row.int64(5), currency: currency),
                                    operationAmount: operation)
        }
        return found
    }

    /// Takes the bank's settled row in place of the hold stored as `factID`: its amounts,
    /// balance and time, and no longer a hold. What became of the fact (its state, its entry)
    /// stays; the entry is the caller's to change.
    public func settleHold(_ factID: Int64, with fact: BankFact) throws {
        try db.execute("""
            UPDATE bank_facts SET amount_minor = ?, currency = ?, operation_minor = ?, operation_currency = ?, balance_minor = ?,
                time = ?, is_hold = 0
            WHERE id = ? AND is_hold = 1
            """, arguments: [fact.amount.minorUnits, fact.amount.currency.code, fact.operationAmount?.minorUnits,
                             fact.operationAmount?.currency.code, fact.balanceAfter?.minorUnits,
                             Int64(fact.time.timeIntervalSince1970.rounded(.down)), factID])
    }
}
