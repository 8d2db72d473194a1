import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramClient
import Testing

@testable import TelegramBot

/// Which rows the sender starts, as a value: no I/O, time given.
@Suite struct OutboxLanesTests {
    let now = ContinuousClock.now

    func row(_ id: Int64, chat: Int64, _ content: OutboxContent = .message(html: "x"), notBefore: Date? = nil) -> OutboxItem {
        OutboxItem(id: id, chatID: chat, threadID: nil, content: content, notBefore: notBefore)
    }

    func lanes(_ rows: [OutboxItem]) -> OutboxLanes {
        var lanes = OutboxLanes(pacer: SendPacer(configuration: .unpaced))
        lanes.read(rows, limit: 500, at: now)
        return lanes
    }

    @Test func oneRowPerChatOldestFirstAndAnswersInNoLane() {
        var lanes = lanes([row(1, chat: 1), row(2, chat: 1), row(3, chat: 2), row(4, chat: 1, .callbackAnswer(queryID: "q", text: nil))])
        let (ready, _) = lanes.take(now: now, wallNow: testNow, limit: 4)
        #expect(ready.map(\.id) == [1, 3, 4])
        #expect(lanes.take(now: now, wallNow: testNow, limit: 4).0.isEmpty, "chat 1's next row went while its first was in flight")
        lanes.finish(ready[0], result: .sent(messageID: 9), piecesSent: 0)
        #expect(lanes.take(now: now, wallNow: testNow, limit: 4).0.map(\.id) == [2])
    }

    @Test func atMostTheLimitInFlight() {
        var lanes = lanes((1...6).map { row($0, chat: $0) })
        #expect(lanes.take(now: now, wallNow: testNow, limit: 4).0.map(\.id) == [1, 2, 3, 4])
        #expect(lanes.take(now: now, wallNow: testNow, limit: 4).0.isEmpty)
        lanes.finish(row(2, chat: 2), result: .failed(reason: "x"), piecesSent: 0)
        #expect(lanes.take(now: now, wallNow: testNow, limit: 4).0.map(\.id) == [5])
    }

    /// A row waiting for its retry holds its chat, not the others, and says when it is due.
    @Test func aWaitingRowHoldsOnlyItsChat() {
        var lanes = lanes([row(1, chat: 1, notBefore: testNow.addingTimeInterval(2)), row(2, chat: 1), row(3, chat: 2)])
        let (ready, wakeAt) = lanes.take(now: now, wallNow: testNow, limit: 4)
        #expect(ready.map(\.id) == [3])
        #expect(wakeAt == now + .seconds(2))
        #expect(lanes.take(now: now + .seconds(2), wallNow: testNow.addingTimeInterval(2), limit: 4).0.map(\.id) == [1])
    }

    /// What a send changed is kept in the queue, so the next turn needs no read.
    @Test func theQueueFollowsWhatSendsChanged() {
        var lanes = lanes([row(1, chat: 1), row(2, chat: 2)])
        let (ready, _) = lanes.take(now: now, wallNow: testNow, limit: 4)
        let later = testNow.addingTimeInterval(4)
        lanes.finish(ready[0], result: .retry(at: later), piecesSent: 2)
        lanes.finish(ready[1], result: .sent(messageID: 1), piecesSent: 0)
        #expect(lanes.queue.map(\.id) == [1])
        #expect(lanes.queue[0].attempts == 1 && lanes.queue[0].notBefore == later && lanes.queue[0].piecesSent == 2)
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) == .none)
        #expect(lanes.readNeeded(now: now + .seconds(30), maxAge: .seconds(30)) == .full(known: [1: .message(html: "x")]))
        lanes.noteNewRows()
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) == .after(2))
        lanes.readNew([row(3, chat: 3)], limit: 500)
        #expect(lanes.queue.map(\.id) == [1, 3])
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) == .none)
        let (again, _) = lanes.take(now: now, wallNow: testNow.addingTimeInterval(5), limit: 4)
        lanes.finish(again[0], result: .chatBlocked, piecesSent: 0)
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) != .none)
    }

    /// When the last read did not hold every pending row, news means a full read: a new
    /// chat's first row may lie beyond the queue. Not at once, but `rowsBeyondWait` after the
    /// last read, so a flood of updates does not read the whole queue again at every batch.
    @Test func aFullQueueIsReadAgainInFullOnceItsWaitPassed() {
        var lanes = OutboxLanes(pacer: SendPacer(configuration: .unpaced))
        lanes.read([row(1, chat: 1), row(2, chat: 1)], limit: 2, at: now)
        #expect(lanes.rowsBeyondDue(after: now) == nil)
        lanes.noteNewRows()
        let due = now + OutboxLanes.rowsBeyondWait
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) == .none)
        #expect(lanes.rowsBeyondDue(after: now) == due)
        #expect(lanes.rowsBeyondDue(after: due) == nil, "a due read is no reason to wake again")
        #expect(lanes.readNeeded(now: due, maxAge: .seconds(30)) == .full(known: [1: .message(html: "x"), 2: .message(html: "x")]))
        lanes.read([row(1, chat: 1), row(2, chat: 1)], limit: 2, at: due)
        #expect(lanes.readNeeded(now: due + OutboxLanes.rowsBeyondWait, maxAge: .seconds(30)) == .none)
        #expect(lanes.rowsBeyondDue(after: due) == nil)
    }

    /// Rows queued faster than they go out wait in the database, not in the queue.
    @Test func theQueueHoldsNoMoreThanOneRead() {
        var lanes = OutboxLanes(pacer: SendPacer(configuration: .unpaced))
        lanes.read([row(1, chat: 1), row(2, chat: 2)], limit: 4, at: now)
        lanes.noteNewRows()
        lanes.readNew([row(3, chat: 3), row(4, chat: 4), row(5, chat: 5)], limit: 4)
        #expect(lanes.queue.map(\.id) == [1, 2, 3, 4])
        lanes.noteNewRows()
        #expect(lanes.readNeeded(now: now, maxAge: .seconds(30)) == .none)
        #expect(lanes.readNeeded(now: now + OutboxLanes.rowsBeyondWait, maxAge: .seconds(30))
            == .full(known: [1: .message(html: "x"), 2: .message(html: "x"), 3: .message(html: "x"), 4: .message(html: "x")]))
    }

    /// `take` stops early once every chat's first row and every answer are behind it: over
    /// random reads, sends and their ends, it starts exactly what a walk of the whole queue
    /// would, and wakes at the same time.
    @Test(arguments: 0..<20) func takeStartsWhatAWalkOfTheWholeQueueWould(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var lanes = OutboxLanes(pacer: SendPacer(configuration: .unpaced))
        var nextID: Int64 = 1
        var inFlight: [OutboxItem] = []
        func newRows() -> [OutboxItem] {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in
                defer { nextID += 1 }
                let answer = Int.random(in: 0..<6, using: &random) == 0
                let waits = Int.random(in: 0..<5, using: &random) == 0
                return row(nextID, chat: Int64.random(in: 1...4, using: &random),
                           answer ? .callbackAnswer(queryID: "q", text: nil) : .message(html: "x"),
                           notBefore: waits ? testNow.addingTimeInterval(Double.random(in: 1...9, using: &random)) : nil)
            }
        }
        lanes.read(newRows(), limit: 500, at: now)
        for step in 0..<300 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                lanes.readNew(newRows(), limit: 500)
            case 1 where !inFlight.isEmpty:
                let item = inFlight.remove(at: Int.random(in: 0..<inFlight.count, using: &random))
                let results: [OutboxResult] = [.sent(messageID: 1), .failed(reason: "x"), .retry(at: testNow.addingTimeInterval(3))]
                lanes.finish(item, result: results[Int.random(in: 0..<results.count, using: &random)], piecesSent: 0)
            case 2 where Int.random(in: 0..<8, using: &random) == 0:
                // A full read: the queue as the outbox holds it, the rows in flight with it.
                lanes.read(lanes.queue, limit: 500, at: now)
            default:
                let limit = Int.random(in: 1...6, using: &random)
                let expected = Self.walk(lanes.queue, inFlight: inFlight, limit: limit, now: now)
                let (ready, wakeAt) = lanes.take(now: now, wallNow: testNow, limit: limit)
                #expect(ready.map(\.id) == expected.ready, "seed \(seed), step \(step)")
                #expect(wakeAt == expected.wakeAt, "seed \(seed), step \(step)")
                inFlight += ready
            }
        }
    }

    /// What `take` starts, found the slow way: every row of the queue, in order.
    static func walk(_ queue: [OutboxItem], inFlight: [OutboxItem], limit: Int,
                     now: ContinuousClock.Instant) -> (ready: [Int64], wakeAt: ContinuousClock.Instant?) {
        var busy = Set(inFlight.filter { !$0.content.isCallbackAnswer }.map(\.chatID))
        let flying = Set(inFlight.map(\.id))
        var ready: [Int64] = []
        var wakeAt: ContinuousClock.Instant?
        for item in queue where flying.count + ready.count < limit && !flying.contains(item.id) {
            if !item.content.isCallbackAnswer {
                guard busy.insert(item.chatID).inserted else { continue }
            }
            if let notBefore = item.notBefore, notBefore > testNow {
                let at = now + .milliseconds(Int64((notBefore.timeIntervalSince(testNow) * 1000).rounded(.up)))
                wakeAt = min(wakeAt ?? at, at)
            } else {
                ready.append(item.id)
            }
        }
        return (ready, wakeAt)
    }
}
