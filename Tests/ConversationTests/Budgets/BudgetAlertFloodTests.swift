import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// Budget alerts are news about this month (and the one just ended, for an entry made late):
/// one message of entries dated in 228 months long past used to queue 228 alerts per budget,
/// holding the family chat's lane for hours (a group gets 20 messages a minute).
@Suite struct BudgetAlertFloodTests {
    let chat = try! TestConversation()

    @Test func entriesInManyPastMonthsAlertAtMostForThisMonthAndTheLast() throws {
        try chat.say("/budget 1")
        try chat.say("/budget кафе 1")
        var parts = (0..<228).map { "кава 5 01.\(String(format: "%02d", $0 % 12 + 1)).\(2001 + $0 / 12)" }
        parts += ["кава 5 01.10.2026", "кава 5"]  // last month and today, 21 November 2026
        let said = try chat.say(parts.joined(separator: "\n"))
        let alerts = said.filter { $0.hasPrefix("🚨") || $0.hasPrefix("⚠️") }
        #expect(alerts.count == 4, "\(alerts.count) alerts")
    }
}
