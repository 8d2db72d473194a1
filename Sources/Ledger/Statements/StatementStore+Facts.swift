import Banking
import FoundationEssentials
import KopiykaCore
import SQLite

/// What became of a bank fact.
public enum BankFactState: String, Sendable, CaseIterable {
    /// No typed entry matched: an entry was made from it.
    case recorded
    /// Exactly one typed entry matched: that entry is this purchase.
    case linked
    /// Several typed entries could be this purchase: the member decides (`/review`).
    case ambiguous
    /// Money moved between the member's own accounts (or to cash): neither spent nor earned.
    case transfer
    /// The member said it is not the family's.
    case dismissed
}

/// A stored bank fact with what became of it.
public struct StoredBankFact: Equatable, Sendable {
    public let id: Int64
    public let householdID: Int64
    public let memberID: Int64
    public let fact: BankFact
    public let state: BankFactState
    public let entryID: Int64?
}

/// A typed entry a bank fact may be: what reconciliation compares.
public struct EntryCandidate: Equatable, Sendable {
    public let entryID: Int64
    public let kind: EntryKind
    public let amount: Money
    public let date: LocalDate
}

extension StatementStore {
    /// Stores a fact once per household: nil when a fact of the same identity is there already
    /// (an overlapping file, the same file again).
    public func insert(_ fact: BankFact, householdID: Int64, memberID: Int64, importID: Int64?,
                       state: BankFactState, entryID: Int64?) throws -> Int64? {
        let changed = try db.execute("""
            INSERT INTO bank_facts (household_id, member_id, import_id, identity, bank, account, time, amount_minor, currency,
                operation_minor, operation_currency, mcc, description, bank_category, balance_minor, bank_id, is_hold,
                entry_id, state, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (household_id, identity) DO NOTHING
            """, arguments: [
                householdID, memberID, importID, fact.identity, fact.bank.rawValue, fact.account,
                Int64(fact.time.timeIntervalSince1970.rounded(.down)), fact.amount.minorUnits, fact.amount.currency.code,
                fact.operationAmount?.minorUnits, fact.operationAmount?.currency.code, fact.mcc.map(Int64.init),
                fact.description, fact.bankCategory, fact.balanceAfter?.minorUnits, fact.bankID, fact.isHold,
                entryID, state.rawValue, Ledger.timestamp(clock.now()),
            ])
        return changed == 1 ? db.lastInsertRowID : nil
    }

    /// Whether the household holds this operation already under another identity: the same
    /// bank, second, amount and currency (a statement row the feed brought before, or the feed's
    /// row a statement brought). One index seek.
    public func containsSameOperation(_ fact: BankFact, householdID: Int64) throws -> Bool {
        try db.queryFirst("""
            SELECT 1 FROM bank_facts WHERE household_id = ? AND time = ? AND amount_minor = ? AND bank = ? AND currency = ?
            LIMIT 1
            """, householdID, Int64(fact.time.timeIntervalSince1970.rounded(.down)), fact.amount.minorUnits, fact.bank.rawValue,
            fact.amount.currency.code) { _ in true } ?? false
    }

    /// Whether the household holds a fact of this identity already.
    public func contains(identity: String, householdID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM bank_facts WHERE household_id = ? AND identity = ?", householdID, identity) { _ in true }
            ?? false
    }

    /// Settles a fact: linked to an entry, recorded as one, dismissed.
    public func settle(_ factID: Int64, state: BankFactState, entryID: Int64?) throws {
        try db.execute("UPDATE bank_facts SET state = ?, entry_id = ? WHERE id = ?", arguments: [state.rawValue, entryID, factID])
    }

    /// The household's typed entries dated within `dates` that no fact is linked to yet: what
    /// a new fact may turn out to be. One indexed range read.
    public func candidates(householdID: Int64, dates: ClosedRange<LocalDate>) throws -> [EntryCandidate] {
        var result: [EntryCandidate] = []
        try db.query("""
            SELECT e.id, e.kind, e.amount_minor, e.currency, e.local_date FROM entries e
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ?
              AND NOT EXISTS (SELECT 1 FROM bank_facts f WHERE f.entry_id = e.id)
            ORDER BY e.local_date, e.id
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { row in
            guard let kind = EntryKind(rawValue: row.string(1)), let currency = Currency(code: row.string(3)),
                  let date = LocalDate(iso: row.string(4)) else { return }
            result.append(EntryCandidate(entryID: row.int64(0), kind: kind, amount: Money(minorUnits: row.int64(2), currency: currency),
                                         date: date))
        }
        return result
    }

    /// The entries an import's rows made (and still make), in the file's order. One pass over
    /// the import's facts.
    public func recordedEntryIDs(importID: Int64) throws -> [Int64] {
        var result: [Int64] = []
        try db.query("SELECT entry_id FROM bank_facts WHERE import_id = ? AND state = 'recorded' AND entry_id IS NOT NULL ORDER BY id",
                     importID) { result.append($0.int64(0)) }
        return result
    }

    /// Whether a fact is linked to (or made) the entry: one seek on `bank_facts_by_entry`.
    public func hasFact(entryID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM bank_facts WHERE entry_id = ? LIMIT 1", entryID) { _ in true } ?? false
    }

    /// The household's facts in `state`, newest first.
    public func facts(householdID: Int64, state: BankFactState, limit: Int = 50) throws -> [StoredBankFact] {
        var result: [StoredBankFact] = []
        try db.query("SELECT \(Self.factColumns) FROM bank_facts WHERE household_id = ? AND state = ? ORDER BY time DESC, id DESC LIMIT ?",
                     householdID, state.rawValue, limit) { row in
            if let fact = Self.fact(row) { result.append(fact) }
        }
        return result
    }

    /// The member's facts waiting for their decision, oldest first.
    public func waiting(memberID: Int64, limit: Int) throws -> [StoredBankFact] {
        var result: [StoredBankFact] = []
        try db.query("SELECT \(Self.factColumns) FROM bank_facts WHERE member_id = ? AND state = 'ambiguous' ORDER BY time, id LIMIT ?",
                     memberID, limit) { row in
            if let fact = Self.fact(row) { result.append(fact) }
        }
        return result
    }

    /// How many of the member's facts wait for their decision.
    public func waitingCount(memberID: Int64) throws -> Int {
        try db.queryFirst("SELECT COUNT(*) FROM bank_facts WHERE member_id = ? AND state = 'ambiguous'", memberID) { $0.int(0) } ?? 0
    }

    /// The accounts (masked cards) the member's stored facts name. One pass over the member's facts.
    public func accountNames(memberID: Int64) throws -> [String] {
        var result: [String] = []
        try db.query("SELECT DISTINCT account FROM bank_facts WHERE member_id = ? AND account != ''", memberID) {
            result.append($0.string(0))
        }
        return result
    }

    /// One stored fact, by id.
    public func fact(id: Int64) throws -> StoredBankFact? {
        try db.queryFirst("SELECT \(Self.factColumns) FROM bank_facts WHERE id = ?", id) { Self.fact($0) } ?? nil
    }

    /// The household's facts whose entries were made from them (no typed entry is linked),
    /// holds among them, from `from` to `to` (Unix seconds): what a purchase typed after the
    /// bank brought it may be. One range read of the household's instants.
    public func unlinkedFacts(householdID: Int64, from: Int64, to: Int64) throws -> [StoredBankFact] {
        var result: [StoredBankFact] = []
        try db.query("""
            SELECT \(Self.factColumns) FROM bank_facts
            WHERE household_id = ? AND time BETWEEN ? AND ? AND state = 'recorded' AND entry_id IS NOT NULL
            ORDER BY time, id
            """, householdID, from, to) { row in
            if let fact = Self.fact(row) { result.append(fact) }
        }
        return result
    }

    /// The member's holds of `bank` not settled yet, from `from` to `to` (Unix seconds): what a
    /// statement's settled row of another amount may settle. One seek on the open holds' index,
    /// reading the member's holds only: called for each settled row of a file, it must not
    /// read the member's other rows. Why `INDEXED BY`: with `bank_facts_by_member` (migration
    /// 53) beside it, SQLite chose that index (both start with `member_id`), and each call
    /// stepped through every fact of the member: a 20,000-row file's import grew quadratic,
    /// 100 s in a release build, holding other families up to 21 s.
    public func openHolds(memberID: Int64, bank: BankFact.Bank, from: Int64, to: Int64) throws -> [StoredBankFact] {
        var result: [StoredBankFact] = []
        try db.query("""
            SELECT \(Self.factColumns) FROM bank_facts INDEXED BY bank_facts_open_holds
            WHERE member_id = ? AND is_hold = 1 AND time BETWEEN ? AND ? AND bank = ?
            ORDER BY time, id
            """, memberID, from, to, bank.rawValue) { row in
            if let fact = Self.fact(row) { result.append(fact) }
        }
        return result
    }

    static let factColumns = """
        id, household_id, member_id, bank, account, time, amount_minor, currency, mcc, description, bank_category, bank_id,
        entry_id, state, operation_minor, operation_currency, is_hold
        """

    static func fact(_ row: Row) -> StoredBankFact? {
        guard let bank = BankFact.Bank(rawValue: row.string(3)), let currency = Currency(code: row.string(7)),
              let state = BankFactState(rawValue: row.string(13)) else { return nil }
        let operation = row.optionalInt64(14).flatMap { minor in
            row.optionalString(15).flatMap(Currency.init(code:)).map { Money(minorUnits: minor, currency: $0) }
        }
        let fact = BankFact(bank: bank, account: row.string(4), time: Date(timeIntervalSince1970: Double(row.int64(5))),
                            amount: Money(minorUnits: row.int64(6), currency: currency), operationAmount: operation,
                            mcc: row.optionalInt64(8).map { Int($0) }, description: row.string(9), bankCategory: row.optionalString(10),
                            bankID: row.optionalString(11), isHold: row.bool(16))
        return StoredBankFact(id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), fact: fact, state: state,
                              entryID: row.optionalInt64(12))
    }
}

extension StatementStore {
    /// Remembers that the message `outboxID` asked `memberID` how to divide a row.
    public func askSplit(factID: Int64, memberID: Int64, outboxID: Int64) throws {
        try db.execute("INSERT OR REPLACE INTO statement_split_prompts (outbox_id, fact_id, member_id) VALUES (?, ?, ?)",
                       outboxID, factID, memberID)
    }

    /// The row and the member a sent message asked about, for a reply to it.
    public func splitPrompt(chatID: Int64, messageID: Int64) throws -> (factID: Int64, memberID: Int64)? {
        try db.queryFirst("""
            SELECT p.fact_id, p.member_id FROM statement_split_prompts p JOIN outbox o ON o.id = p.outbox_id
            WHERE o.chat_id = ? AND o.sent_message_id = ?
            """, chatID, messageID) { (factID: $0.int64(0), memberID: $0.int64(1)) }
    }
}
