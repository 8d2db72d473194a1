import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A purchase typed after the bank brought it: the entry the bank's row made is the same
/// purchase, so the typed one takes its place, linked the way reconciliation links a row that
/// comes after the typing. When several rows could be it, the member is asked, with a button
/// for each and one for "another purchase"; meanwhile both count, as with any question.
extension StatementsFeature {
    /// Days a typed entry may be from its bank row: as `EntryMatching`'s.
    static let typedAfterDays = 2

    /// Links each of `entries` (just typed) to the one bank row of the last days it is, or asks
    /// which; returns the questions to send after the confirmation. Call inside the update's
    /// transaction, before the family or a budget hears of the entries.
    /// Cost: one range read of the household's facts around each entry's day.
    func linkTyped(_ entries: [Entry], household: Household) throws -> [(entry: Entry, rows: [StoredBankFact])] {
        var questions: [(entry: Entry, rows: [StoredBankFact])] = []
        var taken: Set<Int64> = []
        for entry in entries {
            let rows = try bankRows(sameAs: entry, household: household).filter { !taken.contains($0.id) }
            if rows.count == 1, let row = rows.first {
                taken.insert(row.id)
                try link(entry, to: row, household: household)
            } else if rows.count > 1 {
                questions.append((entry, Array(rows.prefix(Self.reviewPage))))
            }
        }
        return questions
    }

    /// The rows whose entries the bank made that `entry` may be: the same direction, currency
    /// and amount (or operation amount), or a hold's amount within `SettleTolerance`, within
    /// `typedAfterDays` of its day in the household's zone.
    func bankRows(sameAs entry: Entry, household: Household) throws -> [StoredBankFact] {
        let zone = household.timeZone
        let day = entry.date.daysSinceEpoch
        let from = Int64(day - Self.typedAfterDays - 1) * 86_400, to = Int64(day + Self.typedAfterDays + 2) * 86_400
        return try ledger.statements.unlinkedFacts(householdID: household.id, from: from, to: to).filter { stored in
            let fact = stored.fact
            guard stored.entryID != entry.id, abs(LocalDate(fact.time, in: zone).daysSinceEpoch - day) <= Self.typedAfterDays,
                  (fact.amount.minorUnits < 0) == (entry.kind == .expense) else { return false }
            let amounts = [fact.amount, fact.operationAmount].compactMap { $0 }.compactMap { Self.entryAmount($0, kind: entry.kind) }
            if amounts.contains(entry.amount) { return true }
            return fact.isHold && amounts.contains { SettleTolerance.accepts(hold: $0, settled: entry.amount) }
        }
    }

    /// The typed entry is the row's purchase: the entry the row made goes, and the row is
    /// linked to the typed one, which takes the card it was paid with (`takeBanksAccount`).
    func link(_ entry: Entry, to row: StoredBankFact, household: Household) throws {
        guard let made = row.entryID else { return }
        _ = try ledger.entries.delete(entryID: made)
        try ledger.statements.settle(row.id, state: .linked, entryID: entry.id)
        try takeBanksAccount(row.fact, entryID: entry.id)
        try EntriesFeature(context).refresh(entryIDs: [made], household: household)
    }

    /// «🏦 Ця покупка вже є у банку? …» with a button per row and one for "another purchase".
    func askTypedMatch(_ entry: Entry, rows: [StoredBankFact], household: Household, l: Localizer, reply: Replier) throws {
        var buttons = rows.map { row in
            [OutboxButton(title: l("typed_match.row", ["date": .text(l.dayAndMonth(LocalDate(row.fact.time, in: household.timeZone))),
                                                       "description": .text(row.fact.description.clipped(to: 32)),
                                                       "amount": .money(row.fact.amount)]),
                          data: TypedMatchButton(entryID: entry.id, factID: row.id).encoded)]
        }
        buttons.append([OutboxButton(title: l("typed_match.none"), data: TypedMatchButton(entryID: entry.id, factID: 0).encoded)])
        try reply(l("typed_match.ask", ["note": .text(entry.note.clipped(to: 48).htmlEscaped), "amount": .money(entry.amount)]),
                      buttons: buttons)
    }

    /// A press under that question: the row pressed is the typed purchase (when both are still
    /// what they were), or none is; only the entry's author decides, once.
    func decideTypedMatch(_ button: TypedMatchButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        guard let entry = try ledger.entries.entry(id: button.entryID), entry.memberID == member.id,
              entry.householdID == member.householdID else { return l("review.not_yours") }
        let household = try household(of: member)
        if button.factID != 0 {
            guard try !ledger.statements.hasFact(entryID: entry.id),
                  let row = try bankRows(sameAs: entry, household: household).first(where: { $0.id == button.factID })
            else { return l("review.done_already") }
            try link(entry, to: row, household: household)
        }
        try edit(press, html: l(button.factID == 0 ? "typed_match.kept" : "typed_match.linked",
                                ["note": .text(entry.note.clipped(to: 48).htmlEscaped), "amount": .money(entry.amount)]), buttons: [])
        return nil
    }

    static let matchButtons = ButtonNamespace.of(TypedMatchButton.self) { button, call in
        try StatementsFeature(call.context).decideTypedMatch(button, press: call.press, member: call.member)
    }
}

/// `tbm:<entry id>:<fact id>`: the typed entry is that bank row's purchase; fact 0: none is.
struct TypedMatchButton: ButtonData {
    static let prefixes: Set<String> = ["tbm"]
    let entryID: Int64
    let factID: Int64

    var encoded: String { "tbm:\(entryID):\(factID)" }

    init(entryID: Int64, factID: Int64) {
        self.entryID = entryID
        self.factID = factID
    }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "tbm", let entry = Self.id(fields, 1), let fact = Self.id(fields, 2) else { return nil }
        self.init(entryID: entry, factID: fact)
    }
}
