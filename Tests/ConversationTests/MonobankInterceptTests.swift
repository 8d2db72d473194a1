@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A Monobank token among words, after a command, on a line of its own, in a reply or an edit,
/// in uk, ru and en, in a private chat and in a group: never an entry, never said back, never
/// taken from a group; in private it connects its writer, and the message goes wherever it is.
@Suite struct MonobankInterceptTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    static let group: Int64 = -100_900
    var token: String { Self.token }

    /// Every entry of `sender`'s household.
    static func entries(of sender: Sender, _ story: Scenario) throws -> [Entry] {
        let ledger = try story.database()
        guard let member = try ledger.families.member(telegramUserID: sender.id) else { return [] }
        return try ledger.entries.recent(householdID: member.householdID, limit: 100)
    }

    static func link(of sender: Sender, _ story: Scenario) throws -> MonobankLink? {
        let ledger = try story.database()
        return try ledger.families.member(telegramUserID: sender.id).flatMap { try ledger.monobank.link(memberID: $0.id) }
    }

    static func everything(_ story: Scenario, chats: [Int64]) -> String {
        chats.flatMap { story.received(in: $0) + story.messages(in: $0).flatMap { $0.buttons.joined().map { $0.title + $0.data } } }
            .joined(separator: "\n")
    }

    @Test(arguments: [
        (Sender.olha, "ось мій токен: \(token) дякую", "Токен отримано"),
        (Sender.olha, "токен \(token)", "Токен отримано"),
        (Sender.olha, "\(token)\nце мій токен, додай картку", "Токен отримано"),
        (Sender.olha, "кава 85 \(token)", "Токен отримано"),
        (Sender.olha, "токен\n\(token.prefix(22))\n\(token.suffix(22))", "Токен отримано"),
        (Sender.olha, "мій токен: \(MonobankTokenTests.grouped) дякую", "Токен отримано"),
        (Sender.olha, "/add кава 85 \(token)", "Токен отримано"),
        (Sender.dmitry, "вот мой токен: \(token), спасибо", "Токен получен"),
        (Sender.dmitry, "кофе 85 \(token)", "Токен получен"),
        (Sender.anna, "here is my token: \(token). Thanks!", "Token received"),
        (Sender.anna, "coffee 85 \(token)", "Token received"),
    ])
    func aTokenAmongWordsInPrivateIsTakenItsMessageDeletedAndNoEntryMade(sender: Sender, text: String, taken: String)
        async throws
    {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: sender)
            let answer = try await story.say(text, from: sender)
            #expect(answer.count == 1 && answer.first?.contains(taken) == true, "\(answer)")
            #expect(story.deletedMessages(in: sender.id) == [story.lastWrittenID])
            #expect(try Self.link(of: sender, story)?.state == .checking)
            #expect(try story.database().monobank.feedSources().map(\.token) == [token], "the member's own connection, as /monobank")
            #expect(try Self.entries(of: sender, story).isEmpty, "no amount is lifted from the token or the words")
            #expect(!Self.everything(story, chats: [sender.id]).contains(token))
        }
    }

    /// A reply to a confirmation would correct its entry: with a token it corrects nothing.
    @Test func aTokenInAReplyToAConfirmationIsTakenAndTheEntryStaysAsItWas() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: .olha)
            try await story.say("кава 85", from: .olha)
            let confirmation = try #require(story.messages(in: Sender.olha.id).last)
            let answer = try await story.reply("кава \(token)", to: confirmation, from: .olha)
            #expect(answer.first?.contains("Токен отримано") == true, "\(answer)")
            #expect(story.deletedMessages(in: Sender.olha.id) == [story.lastWrittenID])
            let entries = try Self.entries(of: .olha, story)
            #expect(entries.map(\.amount.minorUnits) == [8_500] && entries.map(\.note) == ["кава"])
            #expect(!Self.everything(story, chats: [Sender.olha.id]).contains(token))
        }
    }

    /// The edit brings the token into a message that made an entry: the token is taken, the
    /// message deleted, and the entry keeps its amount, note and text; its confirmation stays.
    @Test(arguments: [(Sender.olha, "кава 85", "Токен отримано"), (Sender.dmitry, "кофе 85", "Токен получен"),
                      (Sender.anna, "coffee 85", "Token received")])
    func anEditThatBringsATokenIsTakenAndTheEntryStaysAsItWas(sender: Sender, text: String, taken: String) async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: sender)
            try await story.say(text, from: sender)
            let written = story.lastWrittenID
            let before = try Self.entries(of: sender, story)
            let answer = try await story.edit(written, to: "\(text) \(token)", from: sender)
            #expect(answer.count == 1 && answer.first?.contains(taken) == true, "\(answer)")
            #expect(story.deletedMessages(in: sender.id) == [written])
            #expect(try Self.link(of: sender, story)?.state == .checking)
            let after = try Self.entries(of: sender, story)
            #expect(after == before && after.map(\.originalText) == [text], "\(after)")
            #expect(!Self.everything(story, chats: [sender.id]).contains(token))
        }
    }

    /// Оля's linked family group, privacy off: a token she posts there among words, with
    /// `/add`, as a reply to the bot or by an edit is deleted, taken by no one, and she hears
    /// it in private; nothing reaches the group.
    @Test func aTokenInTheFamilyGroupIsDeletedNeverTakenAndItsWriterToldInPrivate() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: .olha)
            try await story.addBot(to: Self.group, by: .olha)
            let posted = story.received(in: Self.group).count
            var deleted: [Int64] = []
            for text in ["ось мій токен: \(token) дякую", "/add кава 85 \(token)", "/monobank \(token)", "кава 85 \(token)"] {
                let inGroup = try await story.say(text, from: .olha, inGroup: Self.group)
                #expect(inGroup.isEmpty, "\(text): \(inGroup)")
                deleted.append(story.lastWrittenID)
                #expect(story.deletedMessages(in: Self.group) == deleted, "\(text)")
                #expect(story.received(in: Sender.olha.id).last?.contains("відкличте його на api.monobank.ua") == true)
            }
            try await story.say("/add таксі 120", from: .olha, inGroup: Self.group)
            let taxi = story.lastWrittenID
            try await story.edit(taxi, to: "/add таксі 120 \(token)", from: .olha, in: Self.group)
            #expect(story.deletedMessages(in: Self.group) == deleted + [taxi])
            #expect(try Self.entries(of: .olha, story).map(\.amount.minorUnits) == [12_000], "the edit changed nothing")
            #expect(try Self.link(of: .olha, story) == nil, "a token seen by a group is not taken")
            let since = story.received(in: Self.group).dropFirst(posted)
            #expect(!since.isEmpty && since.allSatisfy { $0.contains("таксі") }, "the taxi only: \(since)")
            #expect(!Self.everything(story, chats: [Self.group, Sender.olha.id]).contains(token))
        }
    }

    /// Someone the bot never met has no private chat with it: the group hears, in their
    /// language, that a token goes only there, without the token. A member of another
    /// household hears it in private.
    @Test func aTokenInAGroupFromAStrangerIsAnsweredThereWithoutIt() async throws {
        try await Scenario.play(at: .conversation) { story in
            let answer = try await story.say("токен \(token)", from: .stranger, inGroup: Self.group)
            #expect(answer.count == 1 && answer.first?.contains("Токен у групі не надсилайте") == true, "\(answer)")
            #expect(story.deletedMessages(in: Self.group) == [story.lastWrittenID])
            let english = try await story.say("my token \(token)", from: .anna, inGroup: Self.group)
            #expect(english.first?.contains("Do not post the token in a group") == true, "\(english)")
            try await story.say("/start", from: .dmitry)
            #expect(try await story.say("мой токен \(token)", from: .dmitry, inGroup: Self.group).isEmpty)
            #expect(story.received(in: Sender.dmitry.id).last?.contains("отзовите его на api.monobank.ua") == true)
            #expect(story.deletedMessages(in: Self.group).count == 3)
            #expect(try story.database().monobank.feedSources().isEmpty)
            #expect(!Self.everything(story, chats: [Self.group, Sender.dmitry.id]).contains(token))
        }
    }

    /// What only looks long is still an entry: a hash and a URL in a note.
    @Test(arguments: ["оплата 85 коміт 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b",
                      "квиток 85 https://example.com/\(token)"])
    func aNearMissIsAnEntryAsBefore(text: String) async throws {
        try await Scenario.play(at: .conversation) { story in
            try await story.say("/start", from: .olha)
            let answer = try await story.say(text, from: .olha)
            #expect(answer.first?.hasPrefix("✅") == true, "\(answer)")
            #expect(story.deletedMessages(in: Sender.olha.id).isEmpty)
            #expect(try Self.entries(of: .olha, story).map(\.amount.minorUnits) == [8_500])
        }
    }
}
