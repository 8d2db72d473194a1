import FoundationEssentials
import KopiykaCore
import SQLite

extension AccountStore {
    /// Stores a member's transfer. With a `source.updateID` the same update never stores
    /// twice (a unique column rejects a replay).
    public func addTransfer(_ transfer: NewTransfer, by member: Member, source: EntrySource = EntrySource()) throws -> Transfer {
        let createdText = Ledger.timestamp(clock.now())
        try db.execute("""
            INSERT INTO transfers (household_id, member_id, from_account_id, to_account_id, amount_minor, currency,
                received_minor, received_currency, local_date, created_at, note, source_update_id, source_chat_id,
                source_message_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                member.householdID, member.id, transfer.from, transfer.to, transfer.amount.minorUnits,
                transfer.amount.currency.code, transfer.received.minorUnits, transfer.received.currency.code,
                transfer.date.iso, createdText, transfer.note, source.updateID, source.chatID,
                source.messageID,
            ])
        return Transfer(id: db.lastInsertRowID, householdID: member.householdID, memberID: member.id, from: transfer.from,
                        to: transfer.to, amount: transfer.amount, received: transfer.received, date: transfer.date,
                        note: transfer.note, confirmationOutboxID: nil,
                        createdAt: Ledger.date(fromTimestamp: createdText))  // To the millisecond, as stored.
    }

    public func transfer(id: Int64) throws -> Transfer? {
        try db.queryFirst("SELECT \(Self.transferColumns) FROM transfers WHERE id = ?", id, transform: Self.transfer)
    }

    /// The transfer a sent Telegram message confirmed, for a reply to it.
    public func transfer(chatID: Int64, messageID: Int64) throws -> Transfer? {
        try db.queryFirst("""
            SELECT \(Self.transferColumns) FROM transfers
            WHERE confirmation_outbox_id = (SELECT id FROM outbox WHERE chat_id = ? AND sent_message_id = ? ORDER BY id LIMIT 1)
            """, chatID, messageID, transform: Self.transfer)
    }

    /// The transfer a member's message made, for an edit of that message.
    public func transfer(sourceChatID: Int64, sourceMessageID: Int64) throws -> Transfer? {
        try db.queryFirst("""
            SELECT \(Self.transferColumns) FROM transfers WHERE source_chat_id = ? AND source_message_id = ? ORDER BY id LIMIT 1
            """, sourceChatID, sourceMessageID, transform: Self.transfer)
    }

    public func setConfirmation(_ outboxID: Int64, ofTransfer id: Int64) throws {
        try db.execute("UPDATE transfers SET confirmation_outbox_id = ? WHERE id = ?", outboxID, id)
    }

    /// A plain transfer's new amount; both sides move together.
    public func setAmount(_ minor: Int64, ofTransfer id: Int64) throws {
        try db.execute("""
            UPDATE transfers SET amount_minor = ?, received_minor = ? WHERE id = ? AND currency = received_currency
            """, minor, minor, id)
    }

    public func deleteTransfer(id: Int64) throws {
        try db.execute("DELETE FROM transfers WHERE id = ?", id)
    }

    /// How many transfers a household has, for tests and `kopiyka` checks.
    public func transferCount(householdID: Int64) throws -> Int {
        try db.queryFirst("SELECT COUNT(*) FROM transfers WHERE household_id = ?", householdID) { $0.int(0) } ?? 0
    }

    static let transferColumns = """
        id, household_id, member_id, from_account_id, to_account_id, amount_minor, currency, received_minor,
        received_currency, local_date, note, confirmation_outbox_id, created_at
        """

    static func transfer(_ row: Row) -> Transfer {
        func money(_ minor: Int32, _ code: Int32) -> Money {
            let code = row.string(code)
            return Money(minorUnits: row.int64(minor), currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2))
        }
        return Transfer(
            id: row.int64(0), householdID: row.int64(1), memberID: row.int64(2), from: row.int64(3), to: row.int64(4),
            amount: money(5, 6), received: money(7, 8),
            date: LocalDate(iso: row.string(9)) ?? LocalDate(year: 1970, month: 1, day: 1)!,
            note: row.string(10), confirmationOutboxID: row.optionalInt64(11), createdAt: Ledger.date(fromTimestamp: row.string(12)))
    }
}

extension AccountStore {
    /// Remembers that the message queued as `outboxID` asks `member` about an account.
    public func ask(_ action: AccountPrompt.Action, accountID: Int64?, memberID: Int64, outboxID: Int64) throws {
        try db.execute("""
            INSERT INTO account_prompts (outbox_id, member_id, action, account_id, asked_at_ms) VALUES (?, ?, ?, ?, ?)
            """, outboxID, memberID, action.rawValue, accountID, Ledger.milliseconds(clock.now()))
    }

    /// The question a sent Telegram message asked, for a reply to it.
    public func prompt(chatID: Int64, messageID: Int64) throws -> AccountPrompt? {
        try db.queryFirst("""
            SELECT p.outbox_id, p.member_id, p.action, p.account_id, p.asked_at_ms, p.answered
            FROM account_prompts p JOIN outbox o ON o.id = p.outbox_id WHERE o.chat_id = ? AND o.sent_message_id = ?
            """, chatID, messageID) { Self.prompt($0) }
    }

    private static func prompt(_ row: Row) -> AccountPrompt {
        AccountPrompt(outboxID: row.int64(0), memberID: row.int64(1),
                      action: AccountPrompt.Action(rawValue: row.string(2)) ?? .add, accountID: row.optionalInt64(3),
                      askedAt: Date(timeIntervalSince1970: Double(row.int64(4)) / 1000), isAnswered: row.bool(5))
    }

    public func markAnswered(_ prompt: AccountPrompt) throws {
        try db.execute("UPDATE account_prompts SET answered = 1 WHERE outbox_id = ?", prompt.outboxID)
    }

    /// The member's latest question in `chatID` that still waits for a plain message: asked
    /// since `since`, unanswered and not passed over. One indexed row.
    public func waitingPrompt(memberID: Int64, chatID: Int64, since: Date) throws -> AccountPrompt? {
        try db.queryFirst("""
            SELECT p.outbox_id, p.member_id, p.action, p.account_id, p.asked_at_ms, p.answered
            FROM account_prompts p JOIN outbox o ON o.id = p.outbox_id
            WHERE p.member_id = ? AND o.chat_id = ? AND p.answered = 0 AND p.passed_over = 0 AND p.asked_at_ms >= ?
            ORDER BY p.outbox_id DESC LIMIT 1
            """, memberID, chatID, Ledger.milliseconds(since)) { Self.prompt($0) }
    }

    /// The member went on to something else: the question takes only a reply from now on.
    public func passOver(_ prompt: AccountPrompt) throws {
        try db.execute("UPDATE account_prompts SET passed_over = 1 WHERE outbox_id = ?", prompt.outboxID)
    }
}

extension AccountStore {
    /// How many of the member's transfers into `to` of exactly `amount` are dated within
    /// `dates`: a typed `зняв готівку 2000` that a bank's ATM row is, or is not, already.
    public func transferCount(memberID: Int64, to: Int64, amount: Money, dates: ClosedRange<LocalDate>) throws -> Int {
        try db.queryFirst("""
            SELECT COUNT(*) FROM transfers WHERE member_id = ? AND to_account_id = ? AND amount_minor = ? AND currency = ?
              AND local_date BETWEEN ? AND ?
            """, memberID, to, amount.minorUnits, amount.currency.code, dates.lowerBound.iso, dates.upperBound.iso) { $0.int(0) } ?? 0
    }
}
