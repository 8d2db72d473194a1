import Foundation
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct OutboxTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    @Test func aReplyIsQueuedWithItsUpdateOrNotAtAll() throws {
        struct Crash: Error {}
        #expect(throws: Crash.self) {
            try ledger.transaction {
                try ledger.enqueue(.message(html: "lost?"), chatID: 1)
                try ledger.setTelegramOffset(10)
                throw Crash()
            }
        }
        #expect(try ledger.pendingOutbox().isEmpty)
        try ledger.transaction {
            try ledger.enqueue(.message(html: "kept"), chatID: 1)
            try ledger.setTelegramOffset(10)
        }
        #expect(try ledger.pendingOutbox().map(\.content) == [.message(html: "kept")])
    }

    @Test func rowsSurviveAReopenInOrderAndCompleteOnce() throws {
        let first = try ledger.enqueue(.message(html: "one", buttons: [[OutboxButton(title: "↩", data: "u:1")]]), chatID: 5)
        try ledger.enqueue(.callbackAnswer(queryID: "q", text: nil), chatID: 5)
        try ledger.enqueue(.document(fileName: "a.csv", data: Data([0xEF, 0xBB, 0xBF]), caption: "CSV"), chatID: 6, threadID: 3)
        let reopened = try Ledger(path: test.path, clock: .fixed(testNow))
        let pending = try reopened.pendingOutbox()
        #expect(pending.count == 3)
        #expect(pending[2].threadID == 3)
        try reopened.complete(pending[0], with: .sent(messageID: 900))
        #expect(try reopened.sentMessageID(outboxID: first) == 900)
        #expect(try reopened.pendingOutbox().count == 2)
    }

    @Test func retriesWaitAndPermanentFailuresStop() throws {
        try ledger.enqueue(.message(html: "a"), chatID: 1)
        try ledger.enqueue(.message(html: "b"), chatID: 1)
        let items = try ledger.pendingOutbox()
        let later = testNow.addingTimeInterval(30)
        try ledger.complete(items[0], with: .retry(at: later))
        try ledger.complete(items[1], with: .failed(reason: "Bad Request: chat not found"))
        let pending = try ledger.pendingOutbox()
        #expect(pending.map(\.id) == [items[0].id])
        #expect(pending[0].attempts == 1)
        #expect(pending[0].notBefore == later)
    }

    @Test func aBlockedChatGetsNothingUntilItComesBack() throws {
        try ledger.enqueue(.message(html: "a"), chatID: 1)
        try ledger.enqueue(.message(html: "b"), chatID: 2)
        try ledger.complete(try ledger.pendingOutbox()[0], with: .chatBlocked)
        #expect(try ledger.pendingOutbox().map(\.chatID) == [2])
        #expect(try ledger.isChatBlocked(1))
        try ledger.setChatBlocked(1, false)
        #expect(try ledger.pendingOutbox().map(\.chatID) == [1, 2])
    }

    @Test func aMigratedGroupKeepsItsQueue() throws {
        try ledger.enqueue(.message(html: "a"), chatID: -100)
        try ledger.enqueue(.message(html: "b"), chatID: -100)
        try ledger.complete(try ledger.pendingOutbox()[0], with: .chatMigrated(to: -1001234))
        #expect(try ledger.pendingOutbox().map(\.chatID) == [-1001234, -1001234])
    }
}
