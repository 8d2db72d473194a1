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
    /// as the month's spending it comes out of does: the forecast paces neither. Reads the
    /// household's items and, in one query, the occurrences acted on from the earliest cursor
    /// to the month's end: O(items), where a query per item and date held every family for
    /// ~0.8 s (debug) a `/report` at 10,000 subscriptions.
    public static func recurringMonth(from ledger: Ledger, household: Household, month: YearMonth,
                                      today: LocalDate, shownTo viewer: Viewer) throws -> RecurringMonth? {
        guard YearMonth(today) == month else { return nil }
        let all = try ledger.recurring.items(householdID: household.id).filter { $0.kind == .expense && !$0.isPaused }
        guard !all.isEmpty else { return nil }
        let items = all.filter { viewer.sees(isPrivate: $0.isPrivate, of: $0.memberID) }
        var result = RecurringMonth()
        func add(_ item: RecurringItem) throws(MoneyOverflow) {
            result.dueCount += 1
            guard let amount = item.amount, amount.currency == household.baseCurrency else { return }
            result.dueMinor = try CheckedMinor.add(result.dueMinor, amount.minorUnits)
        }
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
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for bill in try ledger.recurring.waitingBills(householdID: household.id, dates: month.firstDay...month.lastDay) {
            // A bill reminded on its day has its cursor past it: still due until it is answered.
            guard let item = byID[bill.itemID], item.nextDate.map({ bill.date < $0 }) ?? true else { continue }
            try add(item)
        }
        result.recordedMinor = try ledger.recurring.recordedBaseMinor(householdID: household.id, dates: month.firstDay...month.lastDay)
        return result
    }
}
