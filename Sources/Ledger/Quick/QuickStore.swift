import FoundationEssentials
import KopiykaCore
import SQLite

/// An entry a member pinned under `/quick`, recorded again by a tap.
public struct QuickPin: Equatable, Sendable {
    public let id: Int64
    public let memberID: Int64
    public var kind: EntryKind
    public var amount: Money
    public var category: CategoryKey
    /// The account the pin named; nil: the usual one at the tap.
    public var account: AccountKey?
    public var note: String
    public var isPrivate: Bool

    public init(id: Int64 = 0, memberID: Int64 = 0, kind: EntryKind, amount: Money, category: CategoryKey,
                account: AccountKey?, note: String, isPrivate: Bool) {
        self.id = id
        self.memberID = memberID
        self.kind = kind
        self.amount = amount
        self.category = category
        self.account = account
        self.note = note
        self.isPrivate = isPrivate
    }

    /// The same entry, whatever its account: pinning it again adds nothing.
    public func isSameEntry(as other: QuickPin) -> Bool {
        kind == other.kind && amount == other.amount && category == other.category && note == other.note
            && isPrivate == other.isPrivate
    }
}

/// Members' pinned entries and the household's frequent ones (`ledger.quick`).
///
/// A value over the ledger's connection, not `Sendable`, used inside its owner's transactions.
public struct QuickStore {
    let db: Connection
    let clock: WallClock

    static let columns = "id, member_id, kind, amount_minor, currency, category, account, note, is_private"

    /// A member's pins, oldest first. One seek of `quick_pins_by_member`.
    public func pins(memberID: Int64) throws -> [QuickPin] {
        var result: [QuickPin] = []
        try db.query("SELECT \(Self.columns) FROM quick_pins WHERE member_id = ? ORDER BY id", memberID) {
            result.append(Self.pin($0))
        }
        return result
    }

    public func pin(id: Int64) throws -> QuickPin? {
        try db.queryFirst("SELECT \(Self.columns) FROM quick_pins WHERE id = ?", id, transform: Self.pin)
    }

    /// Stores `pin` for `memberID` (its own id and member are ignored) and returns it stored.
    public func add(_ pin: QuickPin, memberID: Int64) throws -> QuickPin {
        try db.execute("""
            INSERT INTO quick_pins (member_id, kind, amount_minor, currency, category, account, note, is_private, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [memberID, pin.kind.rawValue, pin.amount.minorUnits, pin.amount.currency.code, pin.category.rawValue,
                             pin.account?.rawValue, pin.note, pin.isPrivate, Ledger.timestamp(clock.now())])
        return QuickPin(id: db.lastInsertRowID, memberID: memberID, kind: pin.kind, amount: pin.amount,
                        category: pin.category, account: pin.account, note: pin.note, isPrivate: pin.isPrivate)
    }

    /// Removes a pin of `memberID`'s; false when there is none of theirs by that id.
    @discardableResult
    public func remove(id: Int64, memberID: Int64) throws -> Bool {
        try db.execute("DELETE FROM quick_pins WHERE id = ? AND member_id = ?", id, memberID) > 0
    }

    static func pin(_ row: Row) -> QuickPin {
        let code = row.string(4)
        return QuickPin(
            id: row.int64(0), memberID: row.int64(1), kind: EntryKind(rawValue: row.string(2)) ?? .expense,
            amount: Money(minorUnits: row.int64(3), currency: Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2)),
            category: CategoryKey(rawValue: row.string(5)), account: row.optionalString(6).map(AccountKey.init(rawValue:)),
            note: row.string(7), isPrivate: row.bool(8))
    }
}

extension Ledger {
    /// Members' pinned entries and the household's frequent ones.
    public var quick: QuickStore { QuickStore(db: db, clock: clock) }
}
