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

    /// What a reply costs the database after it is sent: nothing but its message id while a
    /// later edit may need it, then nothing at all; each kind goes when its time is up.
    @Test func finishedRowsArePrunedWhenTheirTimeIsUp() throws {
        let clock = TestClock()
        let test = try TestLedger(clock: clock.wallClock)
        let ledger = test.ledger
        let reply = try ledger.enqueue(.message(html: "Привіт"), chatID: 1)
        let confirmation = try ledger.enqueue(.message(html: "✅ кава · 85 ₴"), chatID: 1)
        try ledger.recordEntryView(.confirmation, outboxID: confirmation, entryIDs: [])
        let export = try ledger.enqueue(.document(fileName: "a.csv", data: Data(count: 99_000), caption: nil), chatID: 1)
        let refused = try ledger.enqueue(.message(html: "a < b"), chatID: 1)
        let waiting = try ledger.enqueue(.message(html: "ще не надіслано"), chatID: 2)
        let items = try ledger.pendingOutbox()
        for (index, item) in items.enumerated() where item.id != waiting {
            try ledger.complete(item, with: item.id == refused ? .failed(reason: "bad") : .sent(messageID: 100 + Int64(index)))
        }
        #expect(try ledger.pruneOutbox(limit: 100) == false)
        #expect(try ledger.outboxRowCount() == 5)

        clock.advance(by: OutboxRetention.sent + 1)
        try ledger.pruneOutbox(limit: 100)
        #expect(try ledger.outboxRowCount() == 3)  // the confirmation, the refused row, the waiting one
        #expect(try ledger.sentMessageID(outboxID: reply) == nil)
        #expect(try ledger.sentMessageID(outboxID: export) == nil)
        #expect(try ledger.sentMessageID(outboxID: confirmation) == 101)
        #expect(try ledger.entryView(chatID: 1, messageID: 101)?.outboxID == confirmation)

        clock.advance(by: OutboxRetention.failed)
        try ledger.pruneOutbox(limit: 100)
        #expect(try ledger.outboxRowCount() == 2)

        clock.advance(by: OutboxRetention.shown)
        try ledger.pruneOutbox(limit: 100)
        #expect(try ledger.outboxRowCount() == 1)
        #expect(try ledger.entryView(outboxID: confirmation) == nil)
        #expect(try ledger.pendingOutbox().map(\.id) == [waiting])
    }

    @Test func pruningGoesInBatchesByIndex() throws {
        let clock = TestClock()
        let test = try TestLedger(clock: clock.wallClock)
        let ledger = test.ledger
        try ledger.transaction {
            for chat in 0..<1_200 { try ledger.enqueue(.message(html: "кава \(chat)"), chatID: Int64(chat)) }
        }
        try ledger.transaction {
            for item in try ledger.pendingOutbox(limit: 2_000) { try ledger.complete(item, with: .sent(messageID: 1)) }
        }
        clock.advance(by: OutboxRetention.sent + 1)
        let before = ledger.fullScanSteps
        #expect(try ledger.pruneOutbox(limit: 500) == true)
        #expect(try ledger.pruneOutbox(limit: 500) == true)
        #expect(try ledger.pruneOutbox(limit: 500) == false)
        #expect(try ledger.outboxRowCount() == 0)
        let scanning = ledger.fullScanSteps.filter { before[$0.key] != $0.value }
        #expect(scanning.isEmpty, "\(scanning)")
    }

    /// A chat with a long queue does not hide the next row of another chat.
    @Test func eachChatsOldestRowIsReadBeyondTheLimit() throws {
        for index in 0..<50 { try ledger.enqueue(.message(html: "\(index)"), chatID: 1) }
        let other = try ledger.enqueue(.message(html: "інший чат"), chatID: 2)
        try ledger.enqueue(.message(html: "і ще"), chatID: 2)
        let read = try ledger.pendingOutbox(limit: 10)
        #expect(read.count == 11)
        #expect(read.last?.id == other)
    }
}
