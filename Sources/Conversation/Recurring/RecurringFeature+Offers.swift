import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// The same note with a similar amount (±10 %) three months running: offered once, to the
/// member who typed the third, to be made recurring.
extension RecurringFeature {
    /// Offers the first of `saved` that repeats, if any. One indexed read of the two previous
    /// months' expenses within 10 % of its amount, per expense with a note.
    func offerIfRepeating(_ saved: [Entry], member: Member, household: Household, reply: Replier) throws {
        for entry in saved where entry.kind == .expense && !entry.note.isEmpty && !entry.isPrivate {
            let month = YearMonth(entry.date)
            let tenth = entry.amount.minorUnits / 10
            let similar = try ledger.recurring.similarExpenses(
                householdID: household.id, dates: month.previous.previous.firstDay...month.previous.lastDay,
                amounts: (entry.amount.minorUnits - tenth)...(entry.amount.minorUnits.addingReportingOverflow(tenth).partialValue),
                currency: entry.amount.currency, shownTo: member.id)
            // Most entries have nothing alike in the two months before: no note to compare.
            guard !similar.isEmpty else { continue }
            let key = Self.noteKey(entry.note)
            let earlier = similar.filter { Self.noteKey($0.note) == key }
            guard RepeatedPayment.isThirdMonth(entry.amount.minorUnits, in: month, earlier: earlier.map { (YearMonth($0.date), $0.amountMinor) }),
                  try !ledger.recurring.items(householdID: household.id).contains(where: { Self.noteKey($0.note) == key }),
                  try ledger.recurring.notice("offer:" + key, householdID: household.id) else { continue }
            let l = localizer(member)
            try reply(l("recurring.offer", ["name": .text(entry.note.htmlEscaped), "amount": .money(entry.amount)]), buttons: [[
                OutboxButton(title: l("recurring.button.make"), data: RecurringButton(.make, id: entry.id).encoded),
                OutboxButton(title: l("recurring.button.decline"), data: RecurringButton(.decline, id: entry.id).encoded),
            ]])
            return
        }
    }

    /// A note as offers compare it: lower-cased, single-spaced, at most 100 characters.
    static func noteKey(_ note: String) -> String {
        String(note.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(100))
    }

    /// Yes: a monthly item on the entry's day, automatic for a subscription and a bill otherwise,
    /// from its next occurrence. No: said, and not offered again.
    func answerOffer(_ button: RecurringButton, call: ButtonCall) throws -> String? {
        let l = call.localizer, member = call.member
        guard let entry = try ledger.entries.entry(id: button.id), entry.householdID == member.householdID,
              !entry.isPrivate || entry.memberID == member.id else { return l("recurring.gone") }
        guard button.action == .make else {
            try edit(call.press, html: l("recurring.offer.declined"), buttons: [])
            return nil
        }
        guard try !ledger.recurring.items(householdID: member.householdID).contains(where: { Self.noteKey($0.note) == Self.noteKey(entry.note) })
        else { return l("recurring.answered") }
        let household = try household(of: member)
        let today = today(of: household)
        let new = NewRecurringItem(
            mode: entry.category == "subscriptions" ? .automatic : .bill, kind: entry.kind, amount: entry.amount,
            currency: entry.amount.currency, category: entry.category, account: entry.account, note: entry.note,
            isPrivate: false, schedule: RecurrenceSchedule(.monthly(day: entry.date.day), start: today.adding(days: 1)))
        guard let item = try ledger.recurring.add(new, by: member, nextDate: new.schedule.first(onOrAfter: today.adding(days: 1))) else {
            return nil
        }
        let (text, buttons) = try created(item, member: member, household: household, in: call.press.chat ?? privateChat(of: member).chat)
        try edit(call.press, html: text, buttons: buttons)
        return nil
    }
}
