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
    /// household's items and one occurrence row per remaining date: a few dozen primary-key
    /// reads at most.
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
        for item in items {
            if let next = item.nextDate {
                for date in item.schedule.occurrences(from: next, through: month.lastDay, limit: 31) {
                    let occurrence = try ledger.recurring.occurrence(itemID: item.id, date: date)
                    if occurrence == nil || occurrence?.state == .reminded { try add(item) }
                }
            }
        }
        for bill in try ledger.recurring.waitingBills(householdID: household.id, dates: month.firstDay...month.lastDay) {
            // A bill reminded on its day has its cursor past it: still due until it is answered.
            guard let item = items.first(where: { $0.id == bill.itemID }), item.nextDate.map({ bill.date < $0 }) ?? true else { continue }
            try add(item)
        }
        result.recordedMinor = try ledger.recurring.recordedBaseMinor(householdID: household.id, dates: month.firstDay...month.lastDay)
        return result
    }
}
