import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension StatementsFeature {
    /// Why 5: five rows with their buttons fill a phone's screen; the next five follow.
    static let reviewPage = 5

    static let commands: [KnownCommand] = [
        KnownCommand("review", section: .entries, helpRank: 95, menuRank: 18) { call in
            let view = try StatementsFeature(call.context).review(call.member)
            try call.reply(view.html, buttons: view.buttons)
        },
    ]

    static let buttons = ButtonNamespace.of(ReviewButton.self) { button, call in
        try StatementsFeature(call.context).decide(button, press: call.press, member: call.member)
    }

    /// `/review`: the member's bank rows that wait for a decision, a few at a time, each with
    /// its buttons.
    func review(_ member: Member) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let waiting = try ledger.statements.waiting(memberID: member.id, limit: Self.reviewPage)
        guard !waiting.isEmpty else { return (l("review.empty"), []) }
        let household = try household(of: member)
        let count = try ledger.statements.waitingCount(memberID: member.id)
        var lines = [l("review.title", ["count": .number(count)])]
        var buttons: [[OutboxButton]] = []
        for (index, stored) in waiting.enumerated() {
            let number = index + 1
            let day = LocalDate(stored.fact.time, in: household.timeZone)
            lines.append(l("review.line", ["number": .number(number), "date": .text(l.dayAndMonth(day)),
                                           "description": .text(stored.fact.description.clipped(to: 48).htmlEscaped),
                                           "amount": .money(stored.fact.amount)]))
            let rows: [[ReviewButton.Choice]] = [stored.entryID == nil ? [.typed, .record, .split] : [.record, .split],
                                                 [.transfer, .notOurs]]
            buttons += rows.map { choices in
                choices.map { choice in
                    OutboxButton(title: l("review.button.\(choice.rawValue)", ["number": .number(number)]),
                                 data: ReviewButton(factID: stored.id, choice: choice).encoded)
                }
            }
        }
        return (lines.joined(separator: "\n"), buttons)
    }

    /// A decision on one row: only its member's, once; then the queue is shown again.
    func decide(_ button: ReviewButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        guard let stored = try ledger.statements.fact(id: button.factID), stored.memberID == member.id,
              stored.householdID == member.householdID else { return l("review.not_yours") }
        guard stored.state == .ambiguous else { return l("review.done_already") }
        let household = try household(of: member)
        switch button.choice {
        case .split:
            return try askSplit(stored, press: press, member: member, household: household)
        case .typed:
            guard let typed = try sameTypedEntry(stored, household: household) else { return l("review.typed_missing") }
            try ledger.statements.settle(stored.id, state: .linked, entryID: typed)
            if let entry = stored.entryID { _ = try ledger.entries.delete(entryID: entry) }
        case .record:
            let made = stored.entryID == nil
            let entry = try stored.entryID ?? record(stored.fact, kind: stored.fact.amount.minorUnits < 0 ? .expense : .income,
                                                     member: member, household: household)
            guard let entry else { return l("error.amount_too_large") }
            try ledger.statements.settle(stored.id, state: .recorded, entryID: entry)
            // Counted from now on: the family and the budgets hear of it as of a typed entry.
            if made, let saved = try ledger.entries.entry(id: entry) {
                try FamilyBroadcaster(family: FamilyFeature(context)).post([saved], by: member, household: household)
                try BudgetsFeature(context).announce(after: [saved], member: member, household: household)
            }
        case .transfer, .notOurs:
            try ledger.statements.settle(stored.id, state: button.choice == .transfer ? .transfer : .dismissed, entryID: nil)
            if let entry = stored.entryID { _ = try ledger.entries.delete(entryID: entry) }
        }
        let view = try review(member)
        try edit(press, html: view.html, buttons: view.buttons)
        return l("review.decided.\(button.choice.rawValue)")
    }

    /// The typed entry a row the member says they recorded already stands for: the first of
    /// the same amount and direction within two days that no row is linked to; nil when none
    /// is left (then the row keeps waiting: saying "typed" never drops it).
    private func sameTypedEntry(_ stored: StoredBankFact, household: Household) throws -> Int64? {
        let day = LocalDate(stored.fact.time, in: household.timeZone)
        let amount = stored.fact.amount.minorUnits.magnitude
        let kind: EntryKind = stored.fact.amount.minorUnits < 0 ? .expense : .income
        return try ledger.statements.candidates(householdID: household.id,
                                                dates: day.adding(days: -Self.nearMiss)...day.adding(days: Self.nearMiss))
            .first { $0.amount.currency == stored.fact.amount.currency && $0.amount.minorUnits.magnitude == amount && $0.kind == kind }?
            .entryID
    }
}

/// `rev:<fact id>:<choice>`: a member's decision on a bank row that waited for one.
struct ReviewButton: ButtonData {
    enum Choice: String, CaseIterable, Sendable {
        /// It is a purchase they typed already.
        case typed
        /// Record it as an entry (or keep the one made from it).
        case record
        /// Money moved between their own accounts.
        case transfer
        /// Not the family's money.
        case notOurs = "not_ours"
        /// Divide it across categories: asked by a message the member replies to.
        case split
    }

    static let prefixes: Set<String> = ["rev"]
    let factID: Int64
    let choice: Choice

    var encoded: String { "rev:\(factID):\(choice.rawValue)" }
}

extension ReviewButton {
    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "rev", let id = Self.id(fields, 1), let choice = Choice(rawValue: String(fields[2]))
        else { return nil }
        self.init(factID: id, choice: choice)
    }
}
