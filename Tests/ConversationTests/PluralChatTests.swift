import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// Counts as the chat shows them, through the real commands: the catalog test checks every
/// form of every counting key; this checks that the chat passes the count it shows.
@Suite struct PluralChatTests {
    @Test(arguments: [
        (Sender.olha, [1: "1 запис", 2: "2 записи", 5: "5 записів", 21: "21 запис", 22: "22 записи"],
         [1: "🕘 Останній запис:", 2: "🕘 Останні 2 записи:", 5: "🕘 Останні 5 записів:", 20: "🕘 Останні 20 записів:"]),
        (.dmitry, [1: "1 запись", 2: "2 записи", 5: "5 записей", 21: "21 запись", 22: "22 записи"],
         [1: "🕘 Последняя запись:", 2: "🕘 Последние 2 записи:", 5: "🕘 Последние 5 записей:", 20: "🕘 Последние 20 записей:"]),
        (.anna, [1: "1 entry", 2: "2 entries", 5: "5 entries", 21: "21 entries", 22: "22 entries"],
         [1: "🕘 Latest entry:", 2: "🕘 Latest 2 entries:", 5: "🕘 Latest 5 entries:", 20: "🕘 Latest 20 entries:"]),
    ])
    func listsCountTheirEntries(sender: Sender, today: [Int: String], history: [Int: String]) throws {
        let chat = try TestConversation()
        var written = 0
        for count in today.keys.sorted() {
            while written < count {
                written += 1
                try chat.say("кава \(written)", from: sender)
            }
            let title = try #require(try chat.say("/today", from: sender).last?.components(separatedBy: "\n").first)
            #expect(title.hasSuffix(" · " + (today[count] ?? "")), "\(title)")
        }
        for (count, title) in history {
            #expect(try chat.say("/history \(count)", from: sender).last?.hasPrefix(title + "\n1. ") == true, "\(count)")
        }
    }

    @Test(arguments: [(1, "ще 1 день", "ещё 1 день", "1 day to go"), (2, "ще 2 дні", "ещё 2 дня", "2 days to go"),
                      (5, "ще 5 днів", "ещё 5 дней", "5 days to go"), (21, "ще 21 день", "ещё 21 день", "21 days to go"),
                      (22, "ще 22 дні", "ещё 22 дня", "22 days to go")])
    func budgetsCountTheDaysLeft(days: Int, uk: String, ru: String, en: String) throws {
        // 21 November 2026 plus 10 days is 1 December, with 31 days left counting today.
        let clock = TestClock(testNow.addingTimeInterval(Double(41 - days) * 86_400))
        let chat = try TestConversation(clock: clock)
        for (sender, expected) in [(Sender.olha, uk), (.dmitry, ru), (.anna, en)] {
            try chat.say("/budget кафе 3000", from: sender)
            let list = try chat.say("/budget", from: sender).joined().replacingOccurrences(of: "\u{A0}", with: " ")
            #expect(list.hasSuffix(expected), "\(list)")
        }
    }
}
