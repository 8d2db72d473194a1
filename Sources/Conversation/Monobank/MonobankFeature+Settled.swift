import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A hold that Monobank settled for another amount, as the member hears of it.
extension MonobankFeature {
    /// «🏦 Монобанк уточнив суму: АЗС ОККО 1 500 ₴ → 1 432,18 ₴», or the bank's amount beside
    /// the member's typed one, with a button to take it when an entry can.
    func settledMessage(_ settled: SettledHold, l: Localizer) -> (html: String, buttons: [[OutboxButton]]) {
        let note = MessageArgument.text(settled.note.clipped(to: 60).htmlEscaped)
        switch settled.change {
        case .corrected(let from, let to):
            return (l("monobank.settled.corrected", ["note": note, "from": .money(from), "to": .money(to)]), [])
        case .differs(let kept, let bank, true):
            let taken = Money(minorUnits: bank.minorUnits.magnitude > UInt64(Int64.max) ? .max : Int64(bank.minorUnits.magnitude),
                              currency: bank.currency)
            return (l("monobank.settled.differs", ["note": note, "bank": .money(taken), "kept": .money(kept)]),
                    [[OutboxButton(title: l("monobank.settled.take"), data: MonobankButton.takeSettled(factID: settled.factID).encoded)]])
        case .differs(let kept, let bank, false):
            let shown = bank.minorUnits > 0 ? "+" + MoneyFormatter(l.language, style: .compact).string(bank)
                : MoneyFormatter(l.language, style: .compact).string(bank)
            return (l("monobank.settled.unusual", ["note": note, "bank": .text(shown), "kept": .money(kept)]), [])
        }
    }

    /// "Take the bank's amount": the typed entry takes what the bank settled at, through the
    /// entry's normal edit (month totals, its messages, the family post, budgets). Pressed
    /// again, or once the entry is gone or another direction, it changes nothing.
    func takeSettled(_ factID: Int64, call: ButtonCall) throws -> String? {
        let l = call.localizer
        guard let fact = try ledger.statements.amounts(factID: factID), fact.memberID == call.member.id else {
            return l("entry.not_yours")
        }
        let household = try household(of: call.member)
        guard let entryID = fact.entryID, var entry = try ledger.entries.entry(id: entryID), entry.householdID == household.id,
              !entry.isPrivate || entry.memberID == call.member.id,
              let settled = StatementsFeature.entryAmount(StatementsFeature.inCurrency(entry.amount.currency, fact.amount, fact.operationAmount),
                                                          kind: entry.kind),
              settled != entry.amount
        else { return l("monobank.settled.stale") }
        entry.amount = settled
        guard try EntriesFeature(context).withinMoneyLimits({ try ledger.entries.update(entry) }) else { return l("error.amount_too_large") }
        try EntriesFeature(context).refresh(entryIDs: [entryID], household: household)
        try edit(call.press, html: l("correction.done", ["details": .text(EntryLine(entry: entry, today: today(of: household)).details(l))]),
                 buttons: [])
        try BudgetsFeature(context).announce(after: [entry], member: call.member, household: household)
        return nil
    }
}
