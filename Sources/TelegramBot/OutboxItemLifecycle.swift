import FoundationEssentials
import Ledger
import TelegramClient

/// One outbox row from the moment the sender takes it, as a value: which request goes out
/// next, and how the row ends. No I/O: `OutboxDelivery` makes each request, feeds back what
/// Telegram answered, and records the end.
///
///     queued ─→ sending(piece p, html) ─→ sent                      (the last piece went out)
///                  │      ├─→ sending(p + 1, html)                  (a long text, piece by piece)
///                  │      └─→ sending(p, plainText) ─→ …            (Telegram refused the HTML: once)
///                  └─→ retry(at:) · failed · chat migrated · chat blocked
///
/// A piece sent as plain text does not make the next one plain: each piece gets its chance
/// at HTML, so one bad piece costs only its own formatting.
struct OutboxItemLifecycle: Sendable {
    enum Format: Equatable, Sendable {
        case html
        /// Tags dropped, entities decoded, no `parse_mode`.
        case plainText
    }

    enum State: Equatable, Sendable {
        case queued
        case sending(piece: Int, format: Format)
        case finished(OutboxResult)
    }

    /// Why 10 attempts: with the backoff below they span about half an hour, long enough to
    /// ride out an outage, short enough that a stale reply is not sent hours later.
    static let maxAttempts = 10

    let item: OutboxItem
    /// How many requests the row takes: the pieces of a split text, else one.
    let pieceCount: Int
    private(set) var state = State.queued

    init(item: OutboxItem, pieceCount: Int) {
        self.item = item
        self.pieceCount = pieceCount
    }

    /// The first request: the first piece not sent before (a retry resumes after the pieces
    /// that went out), as HTML. A row with nothing left to send is done.
    mutating func start() -> State {
        guard case .queued = state else { return state }
        state = item.piecesSent < pieceCount ? .sending(piece: item.piecesSent, format: .html) : .finished(.sent(messageID: nil))
        return state
    }

    /// What Telegram answered to the request `state` asked for, and what comes next. `now`
    /// is when a retry's wait starts.
    mutating func received(_ outcome: SendOutcome, at now: Date) -> State {
        guard case .sending(let piece, let format) = state else { return state }
        switch outcome {
        case .sent(let messageID):
            state = piece + 1 < pieceCount ? .sending(piece: piece + 1, format: .html) : .finished(.sent(messageID: messageID.map(Int64.init)))
        case .malformed(let reason):
            state = format == .html && item.content.hasText ? .sending(piece: piece, format: .plainText) : .finished(.failed(reason: reason))
        case .retryAfter(let seconds):
            state = .finished(.retry(at: now.addingTimeInterval(Double(seconds))))
        case .chatMigrated(let newID):
            state = .finished(.chatMigrated(to: newID))
        case .blocked:
            state = .finished(.chatBlocked)
        case .failedPermanently(let reason):
            state = .finished(.failed(reason: reason))
        case .transient(let reason):
            guard item.attempts + 1 < Self.maxAttempts else {
                state = .finished(.failed(reason: reason))
                break
            }
            state = .finished(.retry(at: now.addingTimeInterval(Self.backoff(afterAttempts: item.attempts))))
        }
        return state
    }

    /// 1, 2, 4 … 512 s: about half an hour over all attempts.
    static func backoff(afterAttempts attempts: Int) -> TimeInterval {
        Double(1 << min(max(attempts, 0), 9))
    }
}

extension OutboxContent {
    /// A text Telegram reads as HTML, which can fall back to plain text.
    var hasText: Bool {
        switch self {
        case .message, .edit: true
        case .callbackAnswer, .document, .delete, .photo: false
        }
    }

    var isCallbackAnswer: Bool {
        if case .callbackAnswer = self { return true }
        return false
    }
}
