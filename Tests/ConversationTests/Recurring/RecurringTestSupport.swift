import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// A family with recurring items made straight in the store, and a clock set in Kyiv time.
struct RecurringFamily {
    let chat: TestConversation

    init() throws {
        chat = try TestConversation()
        try chat.say("/start")
    }

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    /// Sets the clock to `iso` (`2026-12-05T09:30`) in Kyiv, where it is UTC+2 in winter.
    func at(_ iso: String) {
        let formatter = ISO8601DateFormatter()
        chat.clock.set(formatter.date(from: iso + ":00+02:00")!)
    }

    @discardableResult
    func add(_ note: String, _ minor: Int64?, _ cadence: Cadence, mode: RecurringItem.Mode, start: String,
             category: CategoryKey = "subscriptions", isPrivate: Bool = false, by member: Member? = nil) throws -> RecurringItem {
        let author = try member ?? olha
        let schedule = RecurrenceSchedule(cadence, start: LocalDate(iso: start)!)
        let item = NewRecurringItem(mode: mode, kind: .expense, amount: minor.map { Money(minorUnits: $0, currency: .uah) },
                                    currency: .uah, category: category, account: nil, note: note, isPrivate: isPrivate,
                                    schedule: schedule)
        return try #require(try chat.ledger.recurring.add(item, by: author, nextDate: schedule.first(onOrAfter: schedule.start)))
    }

    func entries() throws -> [Entry] {
        try chat.ledger.entries.list(householdID: try olha.householdID, dates: LocalDate(iso: "2000-01-01")!...LocalDate(iso: "2030-01-01")!)
    }

    func jobs() throws -> [ConsoleDelivery.Line] { try chat.runJobs("recurring") }
}

extension [ConsoleDelivery.Line] {
    var plain: [String] { map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") } }
}
