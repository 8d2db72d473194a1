@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Adding a feature that claims a kind of message: its own code, and one line in the list of
/// claims (`Features.claims`, composed here as a test composes it).
@Suite struct MessageClaimTests {
    /// `відклала 500 на відпустку`: money put aside for a goal, said in words of an entry. A
    /// feature of its own, as a new one would be in its own folder; its reply is a stand-in
    /// for the words it would keep in `Locales/`.
    struct GoalDepositsFeature: Feature {
        let context: ConversationContext
        init(_ context: ConversationContext) { self.context = context }

        static let depositClaim = MessageClaim("goals.deposit", on: [.entryText]) { call in
            let words = call.text.split(separator: " ")
            guard words.count == 4, ["відклала", "відклав"].contains(words[0]), let amount = Int(words[1]), words[2] == "на"
            else { return false }
            try call.reply("🎯 \(words[3]): +\(amount)")
            return true
        }
    }

    func entries(_ chat: TestConversation) throws -> Int {
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        return try chat.ledger.entries.count(householdID: member.householdID)
    }

    @Test func aFeatureAddedWithOneLineTakesItsWordsWhereverAnEntryIsRead() throws {
        let chat = try TestConversation(claims: Features.claims(inserting: GoalDepositsFeature.depositClaim, before: "entries"))
        try chat.say("/start")
        #expect(try chat.say("відклала 500 на відпустку") == ["🎯 відпустку: +500"])
        #expect(try chat.say("/add відклав 200 на ремонт") == ["🎯 ремонт: +200"], "/add reads words of an entry too")
        #expect(try entries(chat) == 0, "a deposit is not spending")
        #expect(try chat.say("кава 85").first?.hasPrefix("✅") == true, "everything else is as it was")
        #expect(try entries(chat) == 1)
    }

    @Test func withoutItTheSameWordsAreAnEntry() throws {
        let chat = try TestConversation()
        try chat.say("/start")
        #expect(try chat.say("відклала 500 на відпустку").first?.hasPrefix("✅") == true)
        #expect(try entries(chat) == 1)
    }

    @Test func aClaimBeforeTheOthersOfItsKindTakesWhatTheyWould() throws {
        let first = try #require(Features.claims.first { $0.kinds.contains(.entryText) }?.name)
        let chat = try TestConversation(claims: Features.claims(inserting: GoalDepositsFeature.depositClaim, before: first))
        try chat.say("/start")
        #expect(try chat.say("відклала 500 на відпустку") == ["🎯 відпустку: +500"])
        #expect(try chat.say("netflix 299 щомісяця").first?.hasPrefix("🎯") == false, "a schedule is still the recurring feature's")
    }

    @Test func everyClaimHasANameOfItsOwn() {
        let names = Features.claims.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.last == "entries", "entries are the last fallback")
    }
}
