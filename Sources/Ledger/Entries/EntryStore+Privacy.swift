import FoundationEssentials
import KopiykaCore
import SQLite

/// Who reads what the bot shows. A private entry (`#приватно`) is shown, by note, amount or
/// line, only to its author in their private chat; everyone else sees it in totals only.
public enum Viewer: Equatable, Sendable {
    /// A member in their private chat: their own private entries and everyone's shared ones.
    case member(Int64)
    /// The family group, or a message another member sees: shared entries only.
    case group
    /// The books themselves, for totals and checks: every entry.
    case books

    public func sees(_ entry: Entry) -> Bool { sees(isPrivate: entry.isPrivate, of: entry.memberID) }

    /// Whether a record of member `memberID` (an entry, a recurring payment) is for these eyes.
    public func sees(isPrivate: Bool, of memberID: Int64) -> Bool {
        switch self {
        case .member(let id): !isPrivate || memberID == id
        case .group: !isPrivate
        case .books: true
        }
    }

    /// `AND (…)` for a query over `entries e`, with its two arguments.
    var condition: (sql: String, arguments: [any SQLiteBindable]) {
        let memberID: Int64? = if case .member(let id) = self { id } else { nil }
        return ("AND (e.is_private = 0 OR ? OR e.member_id IS ?)", [self == .books, memberID])
    }
}

extension EntryStore {
    /// The private entries of `dates` that `viewer` may not see, through the partial index of
    /// private entries: a report reads these few rows, not the month's.
    public func hidden(householdID: Int64, dates: ClosedRange<LocalDate>, from viewer: Viewer) throws -> [Entry] {
        guard viewer != .books else { return [] }
        let author: Int64? = if case .member(let id) = viewer { id } else { nil }
        var result: [Entry] = []
        try db.query("""
            SELECT \(Self.entryColumns) FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.household_id = ? AND e.local_date BETWEEN ? AND ? AND e.is_private = 1 AND e.member_id IS NOT ?
            ORDER BY e.local_date, e.id
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso, author) { result.append(Self.entry($0)) }
        return result
    }

    /// The sum of a household's expenses dated within `dates`, in base minor units (entries
    /// without a rate count nowhere, as in the month totals). Reads those days' rows: a
    /// report asks for part of one month.
    public func expenseBaseMinor(householdID: Int64, dates: ClosedRange<LocalDate>) throws -> Int64 {
        var amounts: [Int64] = []
        try db.query("""
            SELECT base_minor FROM entries
            WHERE household_id = ? AND local_date BETWEEN ? AND ? AND kind = 'expense' AND base_minor IS NOT NULL
            """, householdID, dates.lowerBound.iso, dates.upperBound.iso) { amounts.append($0.int64(0)) }
        return try amounts.checkedSum()
    }

    /// The household's first day: when it was created, or its earliest entry if that is older
    /// (a member brought their history, or wrote `вчора` on the first day). Two index lookups.
    public func firstDay(of household: Household) throws -> LocalDate? {
        let created = try db.queryFirst("SELECT created_at FROM households WHERE id = ?", household.id) {
            LocalDate(Ledger.date(fromTimestamp: $0.string(0)), in: household.timeZone)
        }
        let earliest = try db.queryFirst("SELECT MIN(local_date) FROM entries WHERE household_id = ?", household.id) {
            $0.optionalString(0).flatMap(LocalDate.init(iso:))
        } ?? nil
        return [created, earliest].compactMap { $0 }.min()
    }
}
