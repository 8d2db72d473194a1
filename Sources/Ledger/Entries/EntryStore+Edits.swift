import FoundationEssentials
import KopiykaCore
import SQLite

extension EntryStore {
    /// Saves a changed entry (amount, category, account, date, note, text, privacy). The month
    /// totals follow through the triggers, in the same transaction.
    public func update(_ entry: Entry) throws {
        try db.transaction {
            guard let member = try families.member(id: entry.memberID),
                  let household = try families.household(id: entry.householdID)
            else { return }
            let accountID = try accountID(memberID: member.id, key: entry.account)
            try db.execute("""
                UPDATE entries SET kind = ?, amount_minor = ?, currency = ?, category = ?, account_id = ?,
                    local_date = ?, note = ?, original_text = ?, is_private = ?, base_minor = ?
                WHERE id = ?
                """, arguments: [
                    entry.kind.rawValue, entry.amount.minorUnits, entry.amount.currency.code,
                    entry.category.rawValue, accountID, entry.date.iso, entry.note, entry.originalText, entry.isPrivate,
                    try rates.baseMinor(entry.amount, householdID: household.id, base: household.baseCurrency, on: entry.date),
                    entry.id,
                ])
        }
    }
}
