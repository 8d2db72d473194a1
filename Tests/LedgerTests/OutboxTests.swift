import Foundation
import KopiykaCore
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
                try ledger.outbox.enqueue(.message(html: "lost?"), chatID: 1)
                try ledger.botState.setTelegramOffset(10)
                throw Crash()
            }
        }
        #expect(try ledger.outbox.pending().isEmpty)
        try ledger.transaction {
            try ledger.outbox.enqueue(.message(html: "kept"), chatID: 1)
            try ledger.botState.setTelegramOffset(10)
        }
        #expect(try ledger.outbox.pending().map(\.content) == [.message(html: "kept")])
    }

    @Test func rowsSurviveAReopenInOrderAndCompleteOnce() throws {
        let first = try ledger.outbox.enqueue(.message(html: "one", buttons: [[OutboxButton(title: "↩", data: "u:1")]]), chatID: 5)
        try ledger.outbox.enqueue(.callbackAnswer(queryID: "q", text: nil), chatID: 5)
        try ledger.outbox.enqueue(.document(fileName: "a.csv", data: Data([0xEF, 0xBB, 0xBF]), caption: "CSV"), chatID: 6, threadID: 3)
        let reopened = try Ledger(path: test.path, clock: .fixed(testNow))
        let pending = try reopened.outbox.pending()
        #expect(pending.count == 3)
        #expect(pending[2].threadID == 3)
        try reopened.outbox.complete(pending[0], with: .sent(messageID: 900))
        #expect(try reopened.outbox.sentMessageID(outboxID: first) == 900)
        #expect(try reopened.outbox.pending().count == 2)
    }

    @Test func retriesWaitAndPermanentFailuresStop() throws {
        try ledger.outbox.enqueue(.message(html: "a"), chatID: 1)
        try ledger.outbox.enqueue(.message(html: "b"), chatID: 1)
        let items = try ledger.outbox.pending()
        let later = testNow.addingTimeInterval(30)
        try ledger.outbox.complete(items[0], with: .retry(at: later))
        try ledger.outbox.complete(items[1], with: .failed(reason: "Bad Request: chat not found"))
        let pending = try ledger.outbox.pending()
        #expect(pending.map(\.id) == [items[0].id])
        #expect(pending[0].attempts == 1)
        #expect(pending[0].notBefore == later)
    }

    @Test func aBlockedChatGetsNothingUntilItComesBack() throws {
        try ledger.outbox.enqueue(.message(html: "a"), chatID: 1)
        try ledger.outbox.enqueue(.message(html: "b"), chatID: 2)
        try ledger.outbox.complete(try ledger.outbox.pending()[0], with: .chatBlocked)
        #expect(try ledger.outbox.pending().map(\.chatID) == [2])
        #expect(try ledger.outbox.isChatBlocked(1))
        try ledger.outbox.setChatBlocked(1, false)
        #expect(try ledger.outbox.pending().map(\.chatID) == [1, 2])
    }

    @Test func aMigratedGroupKeepsItsQueue() throws {
        try ledger.outbox.enqueue(.message(html: "a"), chatID: -100)
        try ledger.outbox.enqueue(.message(html: "b"), chatID: -100)
        try ledger.outbox.complete(try ledger.outbox.pending()[0], with: .chatMigrated(to: -1001234))
        #expect(try ledger.outbox.pending().map(\.chatID) == [-1001234, -1001234])
    }

    /// What a reply costs the database after it is sent: nothing but its message id while a
    /// later edit may need it, then nothing at all; each kind goes when its time is up.
    @Test func finishedRowsArePrunedWhenTheirTimeIsUp() throws {
        let clock = TestClock()
        let test = try TestLedger(clock: clock.wallClock)
        let ledger = test.ledger
        let reply = try ledger.outbox.enqueue(.message(html: "Привіт"), chatID: 1)
        let confirmation = try ledger.outbox.enqueue(.message(html: "✅ кава · 85 ₴"), chatID: 1)
        try ledger.entryViews.record(.confirmation, outboxID: confirmation, entryIDs: [])
        let export = try ledger.outbox.enqueue(.document(fileName: "a.csv", data: Data(count: 99_000), caption: nil), chatID: 1)
        let refused = try ledger.outbox.enqueue(.message(html: "a < b"), chatID: 1)
        let waiting = try ledger.outbox.enqueue(.message(html: "ще не надіслано"), chatID: 2)
        let items = try ledger.outbox.pending()
        for (index, item) in items.enumerated() where item.id != waiting {
            try ledger.outbox.complete(item, with: item.id == refused ? .failed(reason: "bad") : .sent(messageID: 100 + Int64(index)))
        }
        #expect(try ledger.outbox.prune(limit: 100) == false)
        #expect(try ledger.outbox.rowCount() == 5)

        clock.advance(by: OutboxRetention.sent + 1)
        try ledger.outbox.prune(limit: 100)
        #expect(try ledger.outbox.rowCount() == 3)  // the confirmation, the refused row, the waiting one
        #expect(try ledger.outbox.sentMessageID(outboxID: reply) == nil)
        #expect(try ledger.outbox.sentMessageID(outboxID: export) == nil)
        #expect(try ledger.outbox.sentMessageID(outboxID: confirmation) == 101)
        #expect(try ledger.entryViews.view(chatID: 1, messageID: 101)?.outboxID == confirmation)

        clock.advance(by: OutboxRetention.failed)
        try ledger.outbox.prune(limit: 100)
        #expect(try ledger.outbox.rowCount() == 2)

        clock.advance(by: OutboxRetention.shown)
        try ledger.outbox.prune(limit: 100)
        #expect(try ledger.outbox.rowCount() == 1)
        #expect(try ledger.entryViews.view(outboxID: confirmation) == nil)
        #expect(try ledger.outbox.pending().map(\.id) == [waiting])
    }

    @Test func pruningGoesInBatchesByIndex() throws {
        let clock = TestClock()
        let test = try TestLedger(clock: clock.wallClock)
        let ledger = test.ledger
        try ledger.transaction {
            for chat in 0..<1_200 { try ledger.outbox.enqueue(.message(html: "кава \(chat)"), chatID: Int64(chat)) }
        }
        try ledger.transaction {
            for item in try ledger.outbox.pending(limit: 2_000) { try ledger.outbox.complete(item, with: .sent(messageID: 1)) }
        }
        clock.advance(by: OutboxRetention.sent + 1)
        let before = ledger.fullScanSteps
        #expect(try ledger.outbox.prune(limit: 500) == true)
        #expect(try ledger.outbox.prune(limit: 500) == true)
        #expect(try ledger.outbox.prune(limit: 500) == false)
        #expect(try ledger.outbox.rowCount() == 0)
        let scanning = ledger.fullScanSteps.filter { before[$0.key] != $0.value }
        #expect(scanning.isEmpty, "\(scanning)")
    }

    /// A chat with a long queue does not hide the next row of another chat.
    @Test func eachChatsOldestRowIsReadBeyondTheLimit() throws {
        for index in 0..<50 { try ledger.outbox.enqueue(.message(html: "\(index)"), chatID: 1) }
        let other = try ledger.outbox.enqueue(.message(html: "інший чат"), chatID: 2)
        try ledger.outbox.enqueue(.message(html: "і ще"), chatID: 2)
        let read = try ledger.outbox.pending(limit: 10)
        #expect(read.count == 11)
        #expect(read.last?.id == other)
    }

    /// A backlog does not make each read longer: each chat's oldest row is a seek, not a walk.
    @Test func aFullReadSeeksEachChatsOldestRowInsteadOfWalkingTheBacklog() throws {
        try ledger.transaction {
            for index in 0..<3_000 { try ledger.outbox.enqueue(.message(html: "\(index)"), chatID: Int64(index % 50)) }
        }
        let before = ledger.fullScanSteps
        let read = try ledger.outbox.pending(limit: 10)
        #expect(read.count == 50)
        #expect(Set(read.map(\.chatID)).count == 50)
        let steps = ledger.fullScanSteps.map { $0.value - (before[$0.key] ?? 0) }.reduce(0, +)
        #expect(steps < 200, "\(steps) steps of full scans for a read of 50 rows")
    }

    /// Rows already sent are not walked on the way to the first pending one, and the pending
    /// rows are not indexed anew for each read.
    @Test func aFullReadWalksNoRowAlreadySent() throws {
        try ledger.transaction {
            for index in 0..<3_000 { try ledger.outbox.enqueue(.message(html: "\(index)"), chatID: Int64(index % 5)) }
            var sent = 0
            while sent < 2_900 {
                let batch = try ledger.outbox.pending(limit: 100).prefix(2_900 - sent)
                for item in batch { try ledger.outbox.complete(item, with: .sent(messageID: item.id)) }
                sent += batch.count
            }
        }
        let before = ledger.fullScanSteps
        let read = try ledger.outbox.pending(limit: 10)
        #expect(read.map(\.id) == Array(2_901...2_910).map(Int64.init))
        let steps = ledger.fullScanSteps.map { $0.value - (before[$0.key] ?? 0) }.reduce(0, +)
        #expect(steps < 50, "\(steps) steps of full scans for a read of 10 rows")
    }
}
