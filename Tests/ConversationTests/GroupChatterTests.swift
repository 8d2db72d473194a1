import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// With privacy mode off the bot sees the family group's chatter. Only what reads as an entry
/// with confidence is recorded; everything else gets no answer at all, while the same words in
/// a private chat still get a hint.
@Suite struct GroupChatterTests {
    let chat = try! TestConversation(botUsername: "kopiyka_bot")
    let group: Int64 = -100_777

    func linkedGroup() throws {
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
    }

    func entryCount() throws -> Int {
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let first = LocalDate(year: 2000, month: 1, day: 1)!, last = LocalDate(year: 2100, month: 1, day: 1)!
        return try chat.ledger.entries.list(householdID: olha.householdID, dates: first...last).count
    }

    static let chatter = [
        "Буду вдома о 18", "купи 2 літри молока", "я на 3 поверсі", "буду через 5 хвилин", "дитині 7 років",
        "зустрінемось о 19:30", "подзвони 067 123 45 67", "буду дома в 18:00", "я на 3 этаже", "home at 6",
        "I'm on the 3rd floor", "see you in 10", "room 305",
    ]

    @Test(arguments: chatter) func chatterGetsNoAnswerInTheGroup(_ text: String) throws {
        try linkedGroup()
        #expect(try chat.say(text, from: .olha, inGroup: group).isEmpty, "\(text)")
        #expect(try entryCount() == 0)
    }

    @Test func confidentEntriesAreRecordedInTheGroup() throws {
        try linkedGroup()
        for text in ["кава 85", "продукти 456 картка", "100 usd", "такси 150", "coffee 85", "300 з моно"] {
            #expect(try chat.say(text, from: .olha, inGroup: group).texts(in: group).count == 1, "\(text)")
        }
        #expect(try entryCount() == 6)
    }

    @Test func aBareNumberCountsWhenAddressed() throws {
        try linkedGroup()
        #expect(try chat.say("подарунок 500", from: .olha, inGroup: group).texts(in: group).count == 1)
        #expect(try chat.say("щось 70", from: .olha, inGroup: group).isEmpty)
        #expect(try chat.say("/add щось 70", from: .olha, inGroup: group).texts(in: group).first?.contains("70 ₴") == true)
        #expect(try chat.say("щось 40", from: .olha, inGroup: group, replyingToBot: true).texts(in: group).first?.contains("40 ₴") == true)
    }

    @Test func aPrivateChatStillAsks() throws {
        try linkedGroup()
        let asked = try chat.say("купи 2 літри молока")
        #expect(asked.first?.hasPrefix("Скільки?") == true, "\(asked)")
        #expect(try chat.say("щось 70").first?.hasPrefix("✅ щось · 70") == true)
    }
}
