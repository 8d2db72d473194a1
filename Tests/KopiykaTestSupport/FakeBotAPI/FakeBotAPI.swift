import Foundation

/// An in-process Bot API over real loopback HTTP, so tests drive the real libcurl client.
/// It accepts one token (others get 401 as from Telegram), holds long polls, honours
/// `offset` and `limit`, validates texts like Telegram, records every request, and plays
/// scripted faults. Fast enough for thousands of updates: nothing sleeps unless asked to.
public final class FakeBotAPI: @unchecked Sendable {
    // @unchecked: `state` is only touched with `condition` locked.
    public static let defaultToken = "123456789:AAFakeTokenForTests_0123456789abcdef"
    public static let defaultBotUsername = "kopiyka_test_bot"

    public let token: String
    public let botUsername: String
    let condition = NSCondition()
    var state = FakeBotAPIState()
    private var server: LoopbackHTTPServer!

    public init(token: String = FakeBotAPI.defaultToken, botUsername: String = FakeBotAPI.defaultBotUsername) {
        self.token = token
        self.botUsername = botUsername
        // Weak: a connection thread may take a request it read before `stop()` after the fake
        // is gone (a bot process still sending); it gets a dropped connection, not a crash.
        self.server = LoopbackHTTPServer { [weak self] in self?.route($0) ?? .dropConnection }
    }

    public func start() throws { try server.start() }

    /// Closes every connection and releases held long polls.
    public func stop() {
        withState { $0.stopped = true }
        condition.broadcast()
        server.stop()
    }

    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    // MARK: Updates

    /// Queues an update; its `update_id` is assigned here (any given one is replaced).
    @discardableResult
    public func enqueue(updateJSON: String) -> Int64 {
        let object = (try? JSONSerialization.jsonObject(with: Data(updateJSON.utf8)) as? [String: Any]) ?? [:]
        return enqueue(object)
    }

    /// Queues a text message from a user (a private chat when `chatID` > 0, else a supergroup),
    /// `replyingToBot`: as a reply to that message of the bot's.
    @discardableResult
    public func enqueueMessage(
        chatID: Int64, text: String, fromID: Int64? = nil, firstName: String = "Olena", messageID: Int? = nil,
        languageCode: String = "uk", replyingToBot repliedTo: Int? = nil
    ) -> Int64 {
        let from: [String: Any] = [
            "id": fromID ?? chatID, "is_bot": false, "first_name": firstName, "language_code": languageCode,
        ]
        var chat: [String: Any] = ["id": chatID, "type": chatID > 0 ? "private" : "supergroup"]
        if chatID < 0 { chat["title"] = "Family" }
        var message: [String: Any] = [
            "message_id": messageID ?? Int.random(in: 1...1_000_000), "date": Self.now(), "chat": chat, "from": from,
            "text": text,
        ]
        if text.hasPrefix("/") {
            let length = text.utf16.prefix { $0 != 32 }.count
            message["entities"] = [["type": "bot_command", "offset": 0, "length": length]]
        }
        if let repliedTo {
            message["reply_to_message"] = [
                "message_id": repliedTo, "date": Self.now(), "chat": chat, "text": "…",
                "from": ["id": 7_000_000_001, "is_bot": true, "first_name": "Kopiyka", "username": botUsername],
            ] as [String: Any]
        }
        return enqueue(["message": message], timedFor: chatID)
    }

    /// Queues a press on an inline button under `messageID`.
    @discardableResult
    public func enqueueCallbackQuery(chatID: Int64, messageID: Int, data: String, fromID: Int64? = nil,
                                     firstName: String = "Olena", languageCode: String? = nil) -> Int64 {
        var from: [String: Any] = ["id": fromID ?? chatID, "is_bot": false, "first_name": firstName]
        if let languageCode { from["language_code"] = languageCode }
        let message: [String: Any] = [
            "message_id": messageID, "date": Self.now(), "chat": ["id": chatID, "type": chatID > 0 ? "private" : "supergroup"],
            "text": "…",
        ]
        let query: [String: Any] = [
            "id": String(Int.random(in: 1...Int.max)), "from": from, "message": message, "chat_instance": "1", "data": data,
        ]
        return enqueue(["callback_query": query])
    }

    /// Queues `my_chat_member` for a group: user `byID` added the bot (`member`) or removed
    /// it (`left`, `kicked`).
    @discardableResult
    public func enqueueBotMembership(chatID: Int64, status: String, byID: Int64, firstName: String = "Olena",
                                     languageCode: String = "uk") -> Int64 {
        let bot: [String: Any] = ["id": 1, "is_bot": true, "first_name": "Kopiyka"]
        let wasPresent = status == "left" || status == "kicked"
        return enqueue(["my_chat_member": [
            "chat": ["id": chatID, "type": "supergroup", "title": "Family"],
            "from": ["id": byID, "is_bot": false, "first_name": firstName, "language_code": languageCode], "date": Self.now(),
            "old_chat_member": ["user": bot, "status": wasPresent ? "member" : "left"],
            "new_chat_member": ["user": bot, "status": status],
        ] as [String: Any]])
    }

    /// `chat`: whose latency the update counts in (`timeline`), noted under the lock that
    /// queues it. Noted after, a waiting getUpdates could take it first, untimed: the bench
    /// then timed a message from the one before (idle p99 40–60 ms instead of ~1 ms).
    private func enqueue(_ object: [String: Any], timedFor chat: Int64? = nil) -> Int64 {
        let id = withState { state in
            let id = state.enqueue(object)
            if let chat { state.timeline.chatOfUpdate[id] = chat }
            return id
        }
        condition.broadcast()
        return id
    }

    public var pendingUpdateCount: Int { withState { $0.pending.count } }
    /// The highest offset a getUpdates confirmed (0 before any).
    public var confirmedOffset: Int64 { withState { $0.confirmedOffset } }

    // MARK: Scripting

    /// The next `times` answers to `method` misbehave as `fault` (in order with earlier ones).
    public func inject(_ fault: FakeFault, into method: String, times: Int = 1) {
        withState { $0.faults[method.lowercased(), default: []] += Array(repeating: fault, count: times) }
    }

    /// While a webhook is set, getUpdates answers 409 until deleteWebhook is called.
    public func setWebhook(_ url: String?) { withState { $0.webhookURL = url } }
    public var webhookURL: String? { withState { $0.webhookURL } }

    /// Sends to this chat answer 403 "bot was blocked by the user".
    public func block(chatID: Int64) { withState { _ = $0.blockedChats.insert(chatID) } }

    /// Sends to this chat hang, unanswered, until `release(chatID:)` (or `stop()`): a chat
    /// whose sends Telegram is slow to take.
    public func hold(chatID: Int64) { withState { _ = $0.heldChats.insert(chatID) } }

    public func release(chatID: Int64) {
        withState { _ = $0.heldChats.remove(chatID) }
        condition.broadcast()
    }

    /// Sends to this chat go through again (the bot was added back to the group).
    public func unblock(chatID: Int64) { withState { _ = $0.blockedChats.remove(chatID) } }

    /// Sends to `chatID` answer 400 with `migrate_to_chat_id`.
    public func migrate(chatID: Int64, to newChatID: Int64) { withState { $0.migratedChats[chatID] = newChatID } }

    // MARK: Inspection

    public var requests: [FakeRequest] { withState { $0.requests } }

    public func requests(method: String) -> [FakeRequest] {
        requests.filter { $0.method.lowercased() == method.lowercased() }
    }

    public func sentMessages(chatID: Int64) -> [FakeSentMessage] { withState { $0.messages[chatID] ?? [] } }

    /// Why each keyboard Telegram would refuse was refused (`TelegramMarkupValidation`): empty
    /// when every reply was taken.
    public var refusedMarkups: [String] { withState { $0.refusedMarkups } }

    /// Messages sent or uploaded to every chat: cheap enough to poll every millisecond.
    public var sentMessageCount: Int { withState { $0.messages.values.reduce(0) { $0 + $1.count } } }

    /// Blocks the calling thread until `count` messages were sent or uploaded in all, or
    /// `deadline` passes, or `keepWaiting` (asked every 100 ms) says no; whether they were.
    /// Woken by each send, so a benchmark waits without polling; call it off the cooperative pool.
    public func waitForSentMessages(_ count: Int, until deadline: Date, keepWaiting: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        state.sentWaiters += 1
        defer { state.sentWaiters -= 1 }
        while state.messages.values.reduce(0, { $0 + $1.count }) < count {
            guard Date() < deadline, keepWaiting() else { return false }
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.1)))
        }
        return true
    }

    /// `setMyCommands` by language code ("" for the fallback list), as JSON text.
    public func commands(languageCode: String = "") -> String? { withState { $0.commands[languageCode] } }

    func withState<T>(_ body: (inout FakeBotAPIState) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    static func now() -> Int { Int(Date().timeIntervalSince1970) }
}
