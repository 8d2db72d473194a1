import KopiykaCore
import Ledger
import Recurring

/// A running month's recurring payments: what they recorded already and what is still due
/// (counted into the forecast as it is, not stretched over the month's days).
public struct RecurringMonth: Equatable, Sendable {
    /// Expenses recorded by recurring items this month, base minor units.
    public var recordedMinor: Int64
    /// Expenses still due to the month's end, base minor units: automatic items' coming
    /// occurrences and bills not yet paid, those in the base currency with an amount.
    public var dueMinor: Int64
    /// How many payments are still due, those without an amount or in another currency too.
    public var dueCount: Int

    public init(recordedMinor: Int64 = 0, dueMinor: Int64 = 0, dueCount: Int = 0) {
        self.recordedMinor = recordedMinor
        self.dueMinor = dueMinor
        self.dueCount = dueCount
    }
}

extension ReportBuilder {
    /// The household's recurring payments in `month` as of `today`; nil for a month that is
    /// not running or a household without recurring expenses. What is still due counts the
    /// items `viewer` may see (a member's private bill is theirs alone: in the group, "still
    /// due: 2 713 ₴ (1 payment)" would be its amount). What they recorded counts all of them,
    /// as the month's spending it comes out of does: the forecast paces neither. Monthly and
    /// yearly items are counted by SQLite in one query, with nothing decoded; daily and weekly
    /// ones (and any overdue) are read with, in one query, the occurrences acted on since the
    /// earliest cursor; a waiting bill's item by its id. Reading every item and one
    /// occurrence per item and date held every family ~0.4 s (debug) a `/report` at 10,000
    /// subscriptions.
    public static func recurringMonth(from ledger: Ledger, household: Household, month: YearMonth,
                                      today: LocalDate, shownTo viewer: Viewer) throws -> RecurringMonth? {
        guard YearMonth(today) == month, try ledger.recurring.hasActiveExpenses(householdID: household.id) else { return nil }
        let days = month.firstDay...month.lastDay
        var result = RecurringMonth()
        // Monthly and yearly items due this month fall once, on their cursor: SQLite counts them.
        let once = try ledger.recurring.dueOncePerMonth(householdID: household.id, month: days, currency: household.baseCurrency,
                                                        visibleTo: viewer)
        (result.dueCount, result.dueMinor) = (once.count, once.minor)
        func add(_ item: RecurringItem) throws(MoneyOverflow) {
            result.dueCount += 1
            guard let amount = item.amount, amount.currency == household.baseCurrency else { return }
            result.dueMinor = try CheckedMinor.add(result.dueMinor, amount.minorUnits)
        }
        // Daily and weekly ones, and any overdue from before the month, date by date.
        let items = try ledger.recurring.otherItemsDue(householdID: household.id, month: days)
            .filter { viewer.sees(isPrivate: $0.isPrivate, of: $0.memberID) }
        let earliest = min(items.compactMap(\.nextDate).min() ?? month.firstDay, month.lastDay)
        let acted = try ledger.recurring.occurrenceStates(householdID: household.id, dates: earliest...month.lastDay)
        for item in items {
            if let next = item.nextDate {
                for date in item.schedule.occurrences(from: next, through: month.lastDay, limit: 31) {
                    let state = acted[item.id]?[date]
                    if state == nil || state == .reminded { try add(item) }
                }
            }
        }
        for bill in try ledger.recurring.waitingBills(householdID: household.id, dates: days) {
            // A bill reminded on its day has its cursor past it: still due until it is answered.
            guard let item = try ledger.recurring.item(id: bill.itemID), item.kind == .expense, !item.isPaused,
                  viewer.sees(isPrivate: item.isPrivate, of: item.memberID), item.nextDate.map({ bill.date < $0 }) ?? true
            else { continue }
            try add(item)
        }
        result.recordedMinor = try ledger.recurring.recordedBaseMinor(householdID: household.id, dates: days)
        return result
    }
}
