import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// Occurrences as scheduled jobs: an automatic item's entries on their day, a bill's
/// reminders the day before and on the day. Each job acts on one item from the cursor it saw,
/// in one transaction that also moves the cursor, so a restart, a crash or a clock set back
/// repeats nothing, and a bot that was down catches up in one message.
extension RecurringFeature {
    /// The items with something to do now. Reads the items whose cursor is at most two days
    /// ahead of UTC (every zone's tomorrow), then decides by each household's own clock.
    func dueJobs() throws -> [ScheduledJob] {
        let horizon = LocalDate(clock.now(), in: .utc).adding(days: 2)
        var households: [Int64: Household] = [:]
        var jobs: [ScheduledJob] = []
        for item in try ledger.recurring.itemsDue(onOrBefore: horizon) {
            guard let next = item.nextDate else { continue }
            if households[item.householdID] == nil { households[item.householdID] = try ledger.families.household(id: item.householdID) }
            guard let household = households[item.householdID] else { continue }
            let now = clock.now(), zone = household.timeZone
            let due: Bool
            switch item.mode {
            case .automatic:
                due = DueTime.hasCome(next, hour: DueTime.automaticHour, now: now, in: zone)
            case .bill:
                // A daily bill is reminded on its day only: the day before is the previous one's day.
                let ahead = try item.schedule.cadence != .daily
                    && DueTime.hasCome(next.adding(days: -1), hour: DueTime.reminderHour, now: now, in: zone)
                    && ledger.recurring.occurrence(itemID: item.id, date: next) == nil
                due = ahead || DueTime.hasCome(next, hour: DueTime.reminderHour, now: now, in: zone)
            }
            guard due else { continue }
            let ledger = self.ledger
            jobs.append(ScheduledJob(
                key: AttemptKey(kind: "recurring", subject: item.id, period: next.iso),
                perform: { try self.act(itemID: item.id, from: next) },
                giveUp: { try ledger.transaction { try self.giveUp(itemID: item.id, at: next) } }))
        }
        return jobs
    }

    /// Acts on the item if its cursor is still where the job saw it.
    func act(itemID: Int64, from expected: LocalDate) throws {
        try ledger.transaction {
            guard let item = try ledger.recurring.item(id: itemID), !item.isPaused, item.nextDate == expected,
                  let household = try ledger.families.household(id: item.householdID) else { return }
            guard let author = try ledger.families.member(id: item.memberID), author.householdID == item.householdID else {
                try ledger.recurring.delete(itemID: item.id)  // Its author left the family: nobody pays it here any more.
                return
            }
            switch item.mode {
            case .automatic: try record(item, author: author, household: household)
            case .bill: try remind(item, author: author, household: household)
            }
        }
    }

    /// Records every occurrence that has come, dated when due, and tells the author in one
    /// message (and the family, as for any entry).
    private func record(_ item: RecurringItem, author: Member, household: Household) throws {
        guard let next = item.nextDate, let amount = item.amount else { return }
        let now = clock.now()
        let dates = item.schedule.occurrences(from: next, through: today(of: household), limit: Self.catchUpLimit)
            .filter { DueTime.hasCome($0, hour: DueTime.automaticHour, now: now, in: household.timeZone) }
        guard let last = dates.last else { return }
        var fresh: [LocalDate] = []
        for date in dates where try ledger.recurring.occurrence(itemID: item.id, date: date) == nil { fresh.append(date) }
        let new = fresh.map { date in
            NewEntry(kind: item.kind, amount: amount, category: item.category, account: item.account, date: date,
                     note: item.note, originalText: "", isPrivate: item.isPrivate)
        }
        let saved: [Entry]
        do {
            saved = try ledger.entries.add(new, by: author)
        } catch is MoneyOverflow {
            for date in fresh { _ = try ledger.recurring.begin(.skipped, itemID: item.id, date: date) }
            try ledger.recurring.setNextDate(item.schedule.next(after: last), itemID: item.id)
            try privateChat(of: author)(localizer(author)("recurring.too_large", ["name": .text(RecurringWords(l: localizer(author)).short(item))]))
            return
        }
        for (date, entry) in zip(fresh, saved) {
            _ = try ledger.recurring.begin(.recorded, itemID: item.id, date: date, entryID: entry.id)
        }
        try ledger.recurring.setNextDate(item.schedule.next(after: last), itemID: item.id)
        guard !saved.isEmpty else { return }
        let l = localizer(author)
        let header = saved.count == 1 ? l("recurring.recorded") : l("recurring.caught_up", ["count": .number(saved.count)])
        _ = try EntriesFeature(context).show(.confirmation, entryIDs: saved.map(\.id), household: household,
                                             reply: privateChat(of: author), header: header)
        try FamilyBroadcaster(family: FamilyFeature(context)).post(saved, by: author, household: household)
        try BudgetsFeature(context).announce(after: saved, member: author, household: household)
    }

    /// The day before: "Завтра: садочок 2 500 ₴"; on the day (or late, after downtime): one
    /// reminder per occurrence not yet answered, and the cursor moves past them.
    private func remind(_ item: RecurringItem, author: Member, household: Household) throws {
        guard let next = item.nextDate else { return }
        let now = clock.now(), zone = household.timeZone, today = today(of: household)
        guard DueTime.hasCome(next, hour: DueTime.reminderHour, now: now, in: zone) else {
            try sendReminder(item, date: next, author: author, today: today, isFirst: true)  // The day before.
            return
        }
        let dates = item.schedule.occurrences(from: next, through: today, limit: Self.catchUpLimit)
            .filter { DueTime.hasCome($0, hour: DueTime.reminderHour, now: now, in: zone) }
        guard let last = dates.last else { return }
        for date in dates {
            let occurrence = try ledger.recurring.occurrence(itemID: item.id, date: date)
            guard occurrence == nil || occurrence?.state == .reminded else { continue }  // Paid or skipped after the first reminder.
            try sendReminder(item, date: date, author: author, today: today, isFirst: occurrence == nil)
        }
        try ledger.recurring.setNextDate(item.schedule.next(after: last), itemID: item.id)
    }

    /// A bill's reminder with its buttons; the occurrence now waits for an answer to it.
    func sendReminder(_ item: RecurringItem, date: LocalDate, author: Member, today: LocalDate, isFirst: Bool) throws {
        let l = localizer(author), words = RecurringWords(l: l)
        let key = date > today ? "recurring.remind.ahead" : date == today ? "recurring.remind.today" : "recurring.remind.late"
        let text = l(key, ["name": .text(words.short(item)), "date": .text(l.dayAndMonth(date))])
        let outboxID = try privateChat(of: author)(text, buttons: billButtons(item, date: date, l))
        if isFirst {
            _ = try ledger.recurring.begin(.reminded, itemID: item.id, date: date, reminderOutboxID: outboxID)
        } else {
            try ledger.recurring.setReminder(outboxID, itemID: item.id, date: date)
        }
    }

    func billButtons(_ item: RecurringItem, date: LocalDate, _ l: Localizer) -> [[OutboxButton]] {
        let paid = item.amount == nil ? [] : [OutboxButton(title: l("recurring.button.paid"), data: RecurringButton(.paid, id: item.id, date: date).encoded)]
        return [paid + [
            OutboxButton(title: l(item.amount == nil ? "recurring.button.enter_amount" : "recurring.button.other_amount"),
                         data: RecurringButton(.paidOther, id: item.id, date: date).encoded),
            OutboxButton(title: l("recurring.button.pass"), data: RecurringButton(.pass, id: item.id, date: date).encoded),
        ]]
    }

    /// After three failed attempts: the occurrence at `date` is skipped and the cursor moves on,
    /// so one bad item never blocks its next month or any other item.
    func giveUp(itemID: Int64, at date: LocalDate) throws {
        guard let item = try ledger.recurring.item(id: itemID), item.nextDate == date else { return }
        _ = try ledger.recurring.begin(.skipped, itemID: itemID, date: date)
        try ledger.recurring.setNextDate(item.schedule.next(after: date), itemID: itemID)
    }
}
