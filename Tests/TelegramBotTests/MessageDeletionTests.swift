import Foundation
import KopiykaTestSupport
import Ledger
import TelegramBot
import TelegramClient
import Testing

/// `deleteMessage` through the outbox, against the fake Bot API: what holds a secret goes.
@Suite(.serialized) struct MessageDeletionTests {
    let fake = FakeBotAPI()

    init() throws { try fake.start() }

    @Test func aDeleteRowDeletesTheMessageOnceAndARefusalIsNotRetried() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        outbox.start()
        try await outbox.enqueue(.delete(messageID: 77), chatID: 5)
        #expect(await eventually { fake.deletedMessages == [FakeDeletedMessage(chatID: 5, messageID: 77)] })
        try await outbox.enqueue(.delete(messageID: 77), chatID: 5)
        try await outbox.enqueue(.message(html: "після"), chatID: 5)
        #expect(await eventually { fake.sentMessages(chatID: 5).map(\.text) == ["після"] })
        #expect(fake.requests(method: "deleteMessage").count == 2, "a message gone already is not asked for again")
        #expect(fake.requests(method: "deleteMessage").first?.parameters == ["chat_id": "5", "message_id": "77"])
        #expect(await outbox.stop())
    }
}
