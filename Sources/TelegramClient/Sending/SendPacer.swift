/// When the next message to a chat may go, so that Telegram's flood limits are never hit:
/// about 1 per second per chat (bursts of 3 pass), 20 per minute per group, 30 per second
/// overall, and whatever a `retry_after` imposed. A value with injected time: the outbox asks
/// `nextSendTime`, waits until then, sends, and records what happened.
public struct SendPacer: Sendable {
    public typealias Instant = ContinuousClock.Instant

    public struct Configuration: Sendable {
        /// Telegram says not to hard-code its limits; these stay just below the documented ones.
        public var perChatBurst = 3
        public var perChatInterval: Duration = .seconds(1)
        public var perGroupLimit = 20
        public var perGroupWindow: Duration = .seconds(60)
        public var globalPerSecond = 30
        /// Off for a local Bot API server and benchmarks; `retry_after` is obeyed regardless.
        public var isEnabled = true

        public init() {}

        public static let telegram = Configuration()
        public static var unpaced: Configuration {
            var configuration = Configuration()
            configuration.isEnabled = false
            return configuration
        }
    }

    private struct ChatPace {
        var bucket: TokenBucket
        var groupWindow: SlidingWindow
        var blockedUntil: Instant?
        var lastSend: Instant?
    }

    public let configuration: Configuration
    private var chats: [Int64: ChatPace] = [:]
    /// A window, not a bucket: a bucket of 30 refilling 30/s lets 59 through in the first second.
    private var global: SlidingWindow
    private var globalBlockedUntil: Instant?

    public init(configuration: Configuration = .telegram) {
        self.configuration = configuration
        global = SlidingWindow(limit: configuration.globalPerSecond, length: .seconds(1))
    }

    /// The earliest instant a message to `chatID` may be sent (`now` if at once). Groups are
    /// chats with a negative id.
    public func nextSendTime(chatID: Int64, isGroup: Bool? = nil, now: Instant) -> Instant {
        var earliest = now
        if let until = globalBlockedUntil { earliest = max(earliest, until) }
        let chat = chats[chatID]
        if let until = chat?.blockedUntil { earliest = max(earliest, until) }
        guard configuration.isEnabled else { return earliest }
        earliest = max(earliest, global.earliest(now: now))
        if let chat {
            earliest = max(earliest, chat.bucket.earliest(now: now))
            if isGroup ?? (chatID < 0) { earliest = max(earliest, chat.groupWindow.earliest(now: now)) }
        }
        return earliest
    }

    /// A message to `chatID` went out (or was attempted: a send that timed out may have been
    /// delivered, and counts).
    public mutating func recordSend(chatID: Int64, isGroup: Bool? = nil, at now: Instant) {
        global.record(now)
        var chat = chats[chatID] ?? newChatPace()
        chat.bucket.take(now: now)
        chat.lastSend = now
        if isGroup ?? (chatID < 0) { chat.groupWindow.record(now) }
        chats[chatID] = chat
        if chats.count > 10_000 { forgetIdleChats(now: now) }
    }

    /// A 429 said to wait `seconds`: for that chat, or for everything when `chatID` is nil.
    /// Never shortens an earlier, longer wait.
    public mutating func recordRetryAfter(chatID: Int64?, seconds: Int, now: Instant) {
        let until = now + .seconds(max(seconds, 1))
        guard let chatID else {
            globalBlockedUntil = max(globalBlockedUntil ?? until, until)
            return
        }
        var chat = chats[chatID] ?? newChatPace()
        chat.blockedUntil = max(chat.blockedUntil ?? until, until)
        chats[chatID] = chat
    }

    /// A group became a supergroup: its pace moves to the new id.
    public mutating func moveChat(from oldID: Int64, to newID: Int64) {
        if let pace = chats.removeValue(forKey: oldID) { chats[newID] = pace }
    }

    private func newChatPace() -> ChatPace {
        ChatPace(
            bucket: TokenBucket(capacity: configuration.perChatBurst, interval: configuration.perChatInterval),
            groupWindow: SlidingWindow(limit: configuration.perGroupLimit, length: configuration.perGroupWindow))
    }

    /// Why a minute: after that every bucket is full and every window empty, so forgetting a
    /// chat changes nothing, unless a retry_after still holds.
    private mutating func forgetIdleChats(now: Instant) {
        chats = chats.filter { _, pace in
            (pace.blockedUntil.map { $0 > now } ?? false)
                || (pace.lastSend.map { now - $0 < max(configuration.perGroupWindow, .seconds(60)) } ?? true)
        }
    }
}

/// At most `limit` sends in any span of `length`: exact, at the cost of remembering `limit`
/// instants.
struct SlidingWindow: Sendable {
    let limit: Int
    let length: Duration
    private var times: [ContinuousClock.Instant] = []

    init(limit: Int, length: Duration) {
        self.limit = max(limit, 1)
        self.length = length
    }

    func earliest(now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard times.count >= limit else { return now }
        return max(now, times[times.count - limit] + length)
    }

    mutating func record(_ now: ContinuousClock.Instant) {
        times.append(now)
        if times.count > limit { times.removeFirst(times.count - limit) }
    }
}

/// `capacity` sends at once, then one per `interval`.
struct TokenBucket: Sendable {
    let capacity: Int
    let interval: Duration
    private var tokens: Double
    private var updated: ContinuousClock.Instant?

    init(capacity: Int, interval: Duration) {
        self.capacity = max(capacity, 1)
        self.interval = interval
        self.tokens = Double(max(capacity, 1))
    }

    private func available(now: ContinuousClock.Instant) -> Double {
        guard let updated else { return tokens }
        return min(Double(capacity), tokens + max(0, (now - updated) / interval))
    }

    func earliest(now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let tokens = available(now: now)
        return tokens >= 1 ? now : now + interval * (1 - tokens)
    }

    /// Sending before `earliest` drives the bucket negative, pushing later sends further out.
    mutating func take(now: ContinuousClock.Instant) {
        tokens = available(now: now) - 1
        updated = now
    }
}
