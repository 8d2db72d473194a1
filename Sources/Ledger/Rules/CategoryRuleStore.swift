import KopiykaCore
import SQLite

/// The category rules a household taught by correcting entries (`ledger.rules`): a note's word
/// stems and the category they mean. The parser reads them for every message.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions. A household's rules are read once and remembered
/// until the table changes (`RememberedRead`), so a message costs no query for them.
public struct CategoryRuleStore {
    let db: Connection
}

extension CategoryRuleStore {
    /// Remembers that notes with these word stems belong to `category` in this household; a
    /// stem learned before takes the new category. One write by key per distinct stem.
    public func learn(stems: [String], category: CategoryKey, householdID: Int64) throws {
        for stem in Set(stems) {
            try db.execute("""
                INSERT INTO category_rules (household_id, stem, category) VALUES (?, ?, ?)
                ON CONFLICT (household_id, stem) DO UPDATE SET category = excluded.category
                """, householdID, stem, category.rawValue)
        }
    }

    /// The household's rules in stem order: stem → category, with ids to delete them by.
    public func list(householdID: Int64) throws -> [(id: Int64, stem: String, category: CategoryKey)] {
        try db.remembered(RememberedRead.categoryRules(householdID: householdID)) {
            var rules: [(id: Int64, stem: String, category: CategoryKey)] = []
            try db.query("SELECT id, stem, category FROM category_rules WHERE household_id = ? ORDER BY stem", householdID) {
                rules.append(($0.int64(0), $0.string(1), CategoryKey(rawValue: $0.string(2))))
            }
            return rules
        }
    }

    /// Forgets one rule of the household's; false when it has no rule of that id (another
    /// household's id removes nothing).
    @discardableResult
    public func delete(id: Int64, householdID: Int64) throws -> Bool {
        try db.execute("DELETE FROM category_rules WHERE id = ? AND household_id = ?", id, householdID) == 1
    }
}

extension Ledger {
    /// The category rules households learned from corrections.
    public var rules: CategoryRuleStore { CategoryRuleStore(db: db) }
}
