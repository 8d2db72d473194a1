import Banking
import FoundationEssentials
import KopiykaCore
import Ledger

/// A hold's settled row that the member hears of: what their entry says and what the bank
/// settled at.
struct SettledHold: Equatable {
    enum Change: Equatable {
        /// The entry made from the hold took the bank's settled amount.
        case corrected(from: Money, to: Money)
        /// The entry keeps its amount: the member typed it (or changed it since), and may take
        /// the bank's with a button; or the bank's is no amount an entry takes (zero, the other
        /// direction, a month total past `Int64`), and only the member can say what it was.
        case differs(kept: Money, bank: Money, takeable: Bool)
    }

    let factID: Int64
    let entryID: Int64
    let note: String
    let change: Change
}

extension StatementsFeature {
    /// Monobank sends a purchase first as a hold, then settled under the same id, at times for
    /// another amount (a card in another currency, a fuel or hotel pre-authorisation). The
    /// stored fact takes the bank's final numbers; its entry follows only when the entry was
    /// made from the hold and still says what the hold said. A settled amount in the other
    /// direction (money in where the hold took it out) is not a new fact and not a refund (the
    /// bank sends those as rows of their own): it changes no entry and is told, as is zero.
    /// The same amount changes nothing and says nothing, as does another member's private
    /// entry (its words and amount are theirs). Call inside the intake's transaction.
    func settle(_ fact: BankFact, held: BankFactAmounts, household: Household) throws -> SettledHold? {
        try ledger.statements.settleHold(held.id, with: fact)
        guard let entryID = held.entryID, var entry = try ledger.entries.entry(id: entryID), entry.householdID == household.id,
              !entry.isPrivate || entry.memberID == held.memberID,
              let bank = Self.inCurrency(entry.amount.currency, fact.amount, fact.operationAmount) else { return nil }
        let hold = Self.inCurrency(entry.amount.currency, held.amount, held.operationAmount)
        guard bank != hold else { return nil }
        guard let settled = Self.entryAmount(bank, kind: entry.kind) else {
            return SettledHold(factID: held.id, entryID: entryID, note: entry.note, change: .differs(kept: entry.amount, bank: bank, takeable: false))
        }
        guard settled != entry.amount else { return nil }
        let madeFromHold = held.state != .linked && Self.entryAmount(hold, kind: entry.kind) == entry.amount
        guard madeFromHold else {
            return SettledHold(factID: held.id, entryID: entryID, note: entry.note, change: .differs(kept: entry.amount, bank: bank, takeable: true))
        }
        let before = entry.amount
        entry.amount = settled
        guard try EntriesFeature(context).withinMoneyLimits({ try ledger.entries.update(entry) }) else {
            return SettledHold(factID: held.id, entryID: entryID, note: entry.note, change: .differs(kept: before, bank: bank, takeable: false))
        }
        try EntriesFeature(context).refresh(entryIDs: [entryID], household: household)
        return SettledHold(factID: held.id, entryID: entryID, note: entry.note, change: .corrected(from: before, to: settled))
    }

    /// The bank's signed amount as an entry of `kind` takes it, without sign; nil for zero,
    /// the other direction, or `Int64.min` (no magnitude to take).
    static func entryAmount(_ bank: Money?, kind: EntryKind) -> Money? {
        guard let bank, bank.minorUnits != 0, bank.minorUnits != .min, (bank.minorUnits < 0) == (kind == .expense) else { return nil }
        return Money(minorUnits: abs(bank.minorUnits), currency: bank.currency)
    }

    /// The bank's amount in `currency`: the account's, or the operation's when that is the one.
    static func inCurrency(_ currency: Currency, _ amount: Money, _ operation: Money?) -> Money? {
        if amount.currency == currency { return amount }
        if let operation, operation.currency == currency { return operation }
        return nil
    }
}
