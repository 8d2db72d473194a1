import Foundation

/// Everything the fake remembers, as a plain value; `FakeBotAPI` guards it with a condition.
struct FakeBotAPIState {
    var pending: [(id: Int64, json: Data)] = []
    var nextUpdateID: Int64 = 1
    /// The highest offset any getUpdates confirmed.
    var confirmedOffset: Int64 = 0
    var messages: [Int64: [FakeSentMessage]] = [:]
    var nextMessageID = 1
    var faults: [String: [FakeFault]] = [:]
    var requests: [FakeRequest] = []
    var webhookURL: String?
    var blockedChats: Set<Int64> = []
    var migratedChats: [Int64: Int64] = [:]
    var heldChats: Set<Int64> = []
    var commands: [String: String] = [:]
    var stopped = false
    /// Files members sent, by file id, and how many times one was downloaded.
    var files: [String: Data] = [:]
    var downloads = 0
    /// Files whose downloads hang until released, and how many downloads hung.
    var hungFiles: Set<String> = []
    var hungDownloads = 0
    var deletedMessages: [FakeDeletedMessage] = []
    /// Why each refused keyboard was refused, in order.
    var refusedMarkups: [String] = []
    var timeline = FakeTimeline()
    /// Threads in `waitForSentMessages`: a send wakes them only when there are some.
    var sentWaiters = 0

    mutating func takeFault(for method: String) -> FakeFault? {
        guard var queue = faults[method], !queue.isEmpty else { return nil }
        let fault = queue.removeFirst()
        faults[method] = queue
        return fault
    }

    /// Telegram forgets every update below the offset once a getUpdates names it.
    mutating func confirm(offset: Int64) {
        guard offset > 0 else { return }
        confirmedOffset = max(confirmedOffset, offset)
        pending.removeAll { $0.id < offset }
    }

    mutating func enqueue(_ object: [String: Any]) -> Int64 {
        var object = object
        let id = nextUpdateID
        nextUpdateID += 1
        object["update_id"] = id
        pending.append((id, FakeJSON.data(object)))
        return id
    }

    mutating func store(_ message: FakeSentMessage) {
        messages[message.chatID, default: []].append(message)
    }

    mutating func newMessageID() -> Int {
        defer { nextMessageID += 1 }
        return nextMessageID
    }

    func message(chatID: Int64, messageID: Int) -> FakeSentMessage? {
        messages[chatID]?.first { $0.messageID == messageID }
    }

    mutating func replace(_ message: FakeSentMessage) {
        guard let index = messages[message.chatID]?.firstIndex(where: { $0.messageID == message.messageID }) else { return }
        messages[message.chatID]?[index] = message
    }
}
