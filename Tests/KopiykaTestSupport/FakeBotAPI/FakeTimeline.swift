import Foundation

/// When each chat's messages left in a getUpdates answer and when each of its sendMessage
/// requests arrived, as the fake's threads saw them: what a latency figure needs, whatever
/// the reader's own scheduling.
struct FakeTimeline {
    /// The chat of each update queued by `enqueueMessage`, until a getUpdates hands it out.
    var chatOfUpdate: [Int64: Int64] = [:]
    var handedOut: [Int64: [ContinuousClock.Instant]] = [:]
    var sent: [Int64: [ContinuousClock.Instant]] = [:]

    /// Only an update's first hand-out counts: a repeated getUpdates is the bot's business.
    mutating func handOut(_ updateIDs: some Sequence<Int64>, at instant: ContinuousClock.Instant) {
        for id in updateIDs {
            if let chat = chatOfUpdate.removeValue(forKey: id) { handedOut[chat, default: []].append(instant) }
        }
    }

    mutating func send(chatID: Int64, at instant: ContinuousClock.Instant) {
        sent[chatID, default: []].append(instant)
    }
}

extension FakeBotAPI {
    /// For `chatID`: when each message queued by `enqueueMessage` was first handed to the bot,
    /// and when each sendMessage to the chat arrived, both in order.
    public func timeline(chatID: Int64) -> (handedOut: [ContinuousClock.Instant], sent: [ContinuousClock.Instant]) {
        withState { ($0.timeline.handedOut[chatID] ?? [], $0.timeline.sent[chatID] ?? []) }
    }
}
