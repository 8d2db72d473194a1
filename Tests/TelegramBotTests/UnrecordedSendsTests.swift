import Foundation
import KopiykaTestSupport
import Ledger
import TelegramClient
import Testing

@testable import TelegramBot

/// When sends that ended must be recorded: no I/O, the rule alone.
@Suite struct UnrecordedSendsTests {
    let limit = OutboxDelivery.maxInFlight
    let start = ContinuousClock.now

    func ended(_ count: Int) -> UnrecordedSends {
        var sends = UnrecordedSends()
        sends.add((0..<count).map { index in
            let item = OutboxItem(id: Int64(index), chatID: Int64(index), threadID: nil, content: .message(html: "m"))
            return Completion(item: item, outcome: .sent(messageID: index), result: .sent(messageID: Int64(index)))
        }, at: start)
        return sends
    }

    func mustRecord(_ ended: Int, inFlight: Int, after wait: Duration = .zero, fullReadNext: Bool = false) -> Bool {
        self.ended(ended).mustRecord(now: start + wait, inFlight: inFlight, limit: limit, fullReadNext: fullReadNext)
    }

    @Test func aFullWindowWaitsForThreeQuartersOfItToEnd() {
        #expect(!mustRecord(1, inFlight: limit - 1), "recorded after every send that ended")
        #expect(!mustRecord(limit * 3 / 4 - 1, inFlight: limit / 4 + 1))
        #expect(mustRecord(limit * 3 / 4, inFlight: limit / 4))
    }

    /// Sends that hang keep the window full: the others are recorded soon, so new sends start.
    @Test func aFullWindowWaitsOnlyBriefly() {
        #expect(!mustRecord(1, inFlight: limit - 1, after: OutboxDelivery.fullWindowWait - .milliseconds(1)))
        #expect(mustRecord(1, inFlight: limit - 1, after: OutboxDelivery.fullWindowWait))
        #expect(ended(1).recordBy(inFlight: limit - 1, limit: limit) == start + OutboxDelivery.fullWindowWait)
        #expect(ended(1).recordBy(inFlight: limit - 2, limit: limit) == start + OutboxDelivery.recordWithin)
    }

    /// One chat has one send in flight at a time: the rest of the window fills up first.
    @Test func oneChatIsRecordedWhenTheWindowIsFull() {
        #expect(!mustRecord(limit - 2, inFlight: 1))
        #expect(mustRecord(limit - 1, inFlight: 1))
    }

    @Test func aWindowWithRoomWaitsUntilTheTimeLimitOrAFullRead() {
        #expect(!mustRecord(limit - 1, inFlight: 0))
        #expect(mustRecord(1, inFlight: 0, after: OutboxDelivery.recordWithin))
        #expect(!mustRecord(1, inFlight: 0, after: OutboxDelivery.recordWithin - .milliseconds(1)))
        #expect(mustRecord(1, inFlight: 0, fullReadNext: true))
        #expect(!mustRecord(0, inFlight: limit, after: .seconds(60), fullReadNext: true))
    }
}
