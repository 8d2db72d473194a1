/// What the long poller does next after each outcome of getUpdates (or deleteWebhook). A value
/// with no I/O: the poller feeds it events and performs its actions, tests call it directly.
///
/// The loop never ends except on 401 (a wrong token cannot heal) — the libraries we studied
/// died on a 409 or a 5xx, which for a bot meant to run for months is the real bug.
public struct PollerStateMachine: Sendable {
    public enum Event: Sendable, Equatable {
        case pollSucceeded
        case webhookDeleted
        /// 429 with `retry_after` seconds.
        case rateLimited(retryAfter: Int)
        /// 5xx, timeout, dropped connection, unreadable answer, any unexpected error.
        case transientFailure
        /// 409 "can't use getUpdates method while webhook is active".
        case webhookActive
        /// 409 "terminated by other getUpdates request".
        case otherPoller
        /// 401.
        case unauthorized
    }

    public enum Action: Sendable, Equatable {
        case poll
        /// Wait, then poll.
        case wait(Duration)
        /// Wait (zero the first time), call deleteWebhook without dropping updates, then poll.
        case deleteWebhook(after: Duration)
        case stop(reason: String)
    }

    public struct Backoff: Sendable {
        /// Why 1 s doubling to 60 s: a Telegram hiccup usually passes within seconds, an outage
        /// can last an hour; 60 s keeps a one-minute reaction without flooding the log.
        public var initial: Duration = .seconds(1)
        public var maximum: Duration = .seconds(60)
        /// Each delay is shortened by up to this fraction, at random.
        public var jitter: Double = 0.2
        /// Why 5 s: two instances fighting over one token each get 409 in turn; backing off
        /// lets the intended one win and keeps the log readable.
        public var otherPollerMinimum: Duration = .seconds(5)

        public init() {}
    }

    public static let unauthorizedReason =
        "Telegram rejected the bot token (401 Unauthorized): check TELEGRAM_BOT_TOKEN against the one @BotFather gave; the poller stops"

    public let backoff: Backoff
    private let random: @Sendable () -> Double
    public private(set) var consecutiveFailures = 0
    public private(set) var consecutiveWebhookConflicts = 0
    public private(set) var stopReason: String?

    /// `random` returns values in 0..<1; inject a constant for deterministic tests.
    public init(backoff: Backoff = Backoff(), random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.backoff = backoff
        self.random = random
    }

    public mutating func next(after event: Event) -> Action {
        if let stopReason { return .stop(reason: stopReason) }
        switch event {
        case .pollSucceeded:
            consecutiveFailures = 0
            consecutiveWebhookConflicts = 0
            return .poll
        case .webhookDeleted:
            return .poll
        case .rateLimited(let seconds):
            // Exactly what the server asked: earlier is refused again, later is wasted.
            return .wait(.seconds(max(1, seconds)))
        case .transientFailure:
            consecutiveFailures += 1
            return .wait(delay())
        case .otherPoller:
            consecutiveFailures += 1
            return .wait(max(backoff.otherPollerMinimum, delay()))
        case .webhookActive:
            consecutiveFailures += 1
            consecutiveWebhookConflicts += 1
            // Someone keeps setting the webhook again: do not fight them in a tight loop.
            return .deleteWebhook(after: consecutiveWebhookConflicts == 1 ? .zero : delay())
        case .unauthorized:
            stopReason = Self.unauthorizedReason
            return .stop(reason: Self.unauthorizedReason)
        }
    }

    /// initial × 2^(failures − 1), capped, minus up to `jitter` of itself.
    private func delay() -> Duration {
        let exponent = min(max(consecutiveFailures - 1, 0), 30)
        let raw = min(backoff.maximum, backoff.initial * (1 << exponent))
        let shortening = backoff.jitter * min(max(random(), 0), 1)
        return raw * (1 - shortening)
    }
}
