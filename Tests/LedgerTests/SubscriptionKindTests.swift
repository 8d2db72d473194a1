import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import SQLite
import Testing

/// The service kind kept beside each recurring item (migration 29): what the duplicates of
/// `/subscriptions`, `/report` and a new subscription are asked from.
@Suite struct SubscriptionKindTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    func olha() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func add(_ note: String, by member: Member, isPrivate: Bool = false) throws {
        let start = try #require(LocalDate(iso: "2026-12-01"))
        let schedule = RecurrenceSchedule(.monthly(day: 5), start: start)
        _ = try ledger.recurring.add(
            NewRecurringItem(mode: .automatic, kind: .expense, amount: Money(minorUnits: 19_900, currency: .uah), currency: .uah,
                             category: "subscriptions", account: nil, note: note, isPrivate: isPrivate, schedule: schedule),
            by: member, nextDate: start)
    }

    @Test func duplicatesAreTheKindsNamedTwiceAsTheViewerMaySeeThem() throws {
        let member = try olha()
        try add("Spotify", by: member)
        try add("Apple Music", by: member, isPrivate: true)
        try add("Netflix", by: member)
        try add("садочок", by: member)
        let mine = try ledger.recurring.duplicatedSubscriptions(householdID: member.householdID, visibleTo: .member(member.id), names: 10)
        #expect(mine.map(\.kind) == [.music] && mine.first?.count == 2 && mine.first?.notes.count == 2)
        #expect(try ledger.recurring.duplicatedSubscriptions(householdID: member.householdID, visibleTo: .group, names: 10).isEmpty,
                "a private one counts for its member only")
        let named = try ledger.recurring.duplicatedSubscriptions(householdID: member.householdID, visibleTo: .books, names: 1)
        #expect(named.first?.count == 2 && named.first?.notes.count == 1)
    }

    /// Items stored before the kind was kept have it read from their notes when the database
    /// is opened next.
    @Test func olderItemsGetTheirKindWhenTheDatabaseOpens() throws {
        let member = try olha()
        try add("Spotify", by: member)
        try add("YouTube Music", by: member)
        _ = try Connection(path: test.path).execute("UPDATE recurring_items SET service_kind = NULL")
        let reopened = try Ledger(path: test.path, clock: .fixed(testNow))
        let found = try reopened.recurring.duplicatedSubscriptions(householdID: member.householdID, visibleTo: .group, names: 10)
        #expect(found.map(\.kind) == [.music] && found.first?.notes == ["Spotify", "YouTube Music"])
    }
}
