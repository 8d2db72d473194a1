import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A refused message is answered with its reason, in the writer's language, and stores nothing.
@Suite struct ParseFailureHintTests {
    let chat = try! TestConversation()

    @Test func aDateOutOfRangeIsExplained() throws {
        let expected: [(Sender, String)] = [
            (.olha, "Перевірте дату: записи можна робити з 2000 року й не більше ніж на рік наперед."),
            (.dmitry, "Проверьте дату: записи можно делать с 2000 года и не больше чем на год вперёд."),
            (.anna, "Please check the date: entries can go from 2000 up to a year ahead."),
        ]
        for (sender, hint) in expected {
            try chat.say("/start", from: sender)
            #expect(try chat.say("кава 85 01.01.0001", from: sender) == [hint])
            let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
            let stored = try chat.ledger.entries.list(householdID: member.householdID,
                                                 dates: LocalDate(year: 1, month: 1, day: 1)!...LocalDate(year: 9999, month: 1, day: 1)!)
            #expect(stored.isEmpty)
        }
    }
}
