import KopiykaTestSupport
import Testing

/// A computed amount is confirmed with its sum, in every language, and `120+35` is one expense.
@Suite struct ComputedAmountTests {
    let chat = try! TestConversation()

    @Test func theConfirmationShowsTheSum() throws {
        try chat.say("/start", from: .olha)
        let reply = try chat.say("кава 2×45", from: .olha).joined()
        #expect(reply.contains("2×45 = 90"), "\(reply)")
        let lunch = try chat.say("обід 120+35", from: .olha).joined()
        #expect(lunch.contains("120+35 = 155"), "\(lunch)")
        #expect(!lunch.contains("+35 ₴"), "\(lunch)")
        try chat.say("/start", from: .anna)
        let english = try chat.say("pizza 600/3", from: .anna).joined()
        #expect(english.contains("600/3 = ₴200"), "\(english)")
        let tickets = try chat.say("квитки 2 по 350", from: .olha).joined()
        #expect(tickets.contains("2×350 = 700"), "\(tickets)")
    }

    /// Only a message's first entry stores its text; the others read it back through it.
    @Test func everyEntryOfAListShowsItsOwnSum() throws {
        try chat.say("/start", from: .olha)
        let reply = try chat.say("кава 2*45, обід 120+35", from: .olha).joined()
        #expect(reply.contains("2×45 = 90"), "\(reply)")
        #expect(reply.contains("120+35 = 155"), "\(reply)")
        let today = try chat.say("/today", from: .olha).joined()
        #expect(today.contains("120+35 = 155"), "\(today)")
    }

    @Test func aPlainAmountShowsNoExpression() throws {
        try chat.say("/start", from: .olha)
        let reply = try chat.say("кава 85", from: .olha).joined()
        #expect(!reply.contains("="), "\(reply)")
    }
}
