import Foundation
import KopiykaCore
import Ledger
import Recurring

/// A household no family reaches by hand, for tests and `telegram-bench attacks`.
public enum Subscriptions {
    public struct NoSuchMember: Error {}

    /// `count` monthly subscriptions of the member with `telegramUserID`, half of them music
    /// and half video, straight in the store (beside a running bot, as another connection).
    public static func add(_ count: Int, of telegramUserID: Int64, databasePath: String) throws {
        let ledger = try Ledger(path: databasePath)
        guard let member = try ledger.families.member(telegramUserID: telegramUserID),
              let start = LocalDate(iso: "2026-12-01") else { throw NoSuchMember() }
        try ledger.transaction {
            for n in 1...count {
                let schedule = RecurrenceSchedule(.monthly(day: n % 28 + 1), start: start)
                let item = NewRecurringItem(mode: .automatic, kind: .expense, amount: Money(minorUnits: Int64(n) * 100, currency: .uah),
                                            currency: .uah, category: "subscriptions", account: nil,
                                            note: n % 2 == 0 ? "spotify \(n)" : "netflix \(n)", isPrivate: false, schedule: schedule)
                _ = try ledger.recurring.add(item, by: member, nextDate: schedule.first(onOrAfter: start))
            }
        }
    }
}
