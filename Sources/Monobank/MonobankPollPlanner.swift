import FoundationEssentials

/// Which call to make to Monobank next, and when, for every connected token: a value with
/// transitions and no I/O, so each of the bank's rules is tested alone. The caller asks
/// `next`, makes the call, and hands back what came of it with `record`.
///
/// The rules: one call per 60 s per token, shared by its accounts (client-info included);
/// a statement window of at most 31 days + 1 hour; exactly 500 items back means more may be
/// before the oldest, asked for next with `to` = that item's time; an account's cursor (where
/// its stored facts reach) is moved by the caller only once a whole window is stored, so a
/// restart reads the window again (facts are stored once by their identity) and never skips
/// one. A 429 backs off, an HTML 403 from the bank's edge backs off for an hour, a refused
/// token stops its feed. Timing lives in memory: after a restart the first call may come
/// sooner than 60 s after the last one before it, which costs one 429 and its back-off.
///
/// Calls of different tokens run at once, `callLimit` at most, so one token's hung call
/// holds no other family's feed; a token has one call at a time, from `next` to its `record`.
/// The caller records every call it was handed, whatever came of it (each ends by its own
/// timeout). A call that timed out is a failed call like any other (`.failed(.transient)`:
/// it backs off), never a refused token.
public struct MonobankPollPlanner: Sendable {
    public static let callGap: TimeInterval = 60
    public static let maxWindow: TimeInterval = 2_682_000
    public static let pageSize = 500
    /// How far back a newly followed account is read: a month, in one window.
    public static let history: TimeInterval = 31 * 86_400
    /// Why a day: the bank posts some rows hours after their own time (a transfer from another
    /// bank, a purchase the terminal sent late); an hour missed those for good. Reading a day
    /// again costs one call's few more items, each skipped by the bank's id.
    public static let overlap: TimeInterval = 86_400
    public static let edgeBackoff: TimeInterval = 3_600
    /// Why 15 minutes at most: a bank outage should not delay a family's purchases by hours.
    public static let maxBackoff: TimeInterval = 900

    /// Why 4: the bank answers in well under a second, so four at once keep up with hundreds
    /// of tokens at a call a minute each, while a hung one (ended by the call's timeout) leaves
    /// three for the rest; and the bank sees no burst from one server.
    public static let defaultCallLimit = 4

    /// How often each account is read once it is caught up.
    public var accountInterval: TimeInterval
    /// How many calls may be under way at once, over all tokens.
    public var callLimit: Int

    /// One token as the database has it now.
    public struct Feed: Equatable, Sendable {
        public var key: Int64
        /// client-info is still to be asked (a token just sent).
        public var needsCheck: Bool
        /// The accounts and jars the member chose to follow.
        public var accounts: [Account]

        public init(key: Int64, needsCheck: Bool, accounts: [Account]) {
            self.key = key
            self.needsCheck = needsCheck
            self.accounts = accounts
        }
    }

    public struct Account: Equatable, Sendable {
        public var id: String
        /// Where its stored facts reach; nil before its first window.
        public var cursor: Date?

        public init(id: String, cursor: Date?) {
            self.id = id
            self.cursor = cursor
        }
    }

    public enum Call: Equatable, Sendable {
        case clientInfo
        case statement(account: String, from: Date, to: Date)
    }

    public enum Step: Equatable, Sendable {
        case call(key: Int64, Call)
        /// Nothing is due before this instant; nil: nothing at all until a feed changes.
        case wait(until: Date?)
    }

    public enum Outcome: Equatable, Sendable {
        case checked
        /// A statement page: how many items, and the oldest one's time.
        case statement(count: Int, oldest: Date?)
        case failed(MonobankError)
    }

    /// What the caller does after a call.
    public enum Verdict: Equatable, Sendable {
        /// Store what came; move the account's cursor to `cursor` when given (a whole window is in).
        case store(cursor: Date?)
        /// The token no longer works: tell the member, stop its feed.
        case tokenRevoked
        /// Nothing to store; the call is tried again later.
        case later
    }

    struct Window: Equatable {
        var from: Date
        var to: Date
        /// The whole window's end: the cursor once every page is in.
        var end: Date
    }

    struct TokenState {
        var nextCall = Date.distantPast
        var failures = 0
        var lastRead: [String: Date] = [:]
        var paging: [String: Window] = [:]
        var stopped = false
        /// A call `next` handed out is under way: no other for this token until its `record`.
        var calling = false
    }

    var tokens: [Int64: TokenState] = [:]

    /// Why 4 minutes: after client-info the first read waits its minute's gap, so a purchase
    /// made as the member connects is read about five minutes later (at 5, it took six).
    public static let defaultAccountInterval: TimeInterval = 240

    public init(accountInterval: TimeInterval = defaultAccountInterval, callLimit: Int = defaultCallLimit) {
        self.accountInterval = max(accountInterval, Self.callGap)
        self.callLimit = max(callLimit, 1)
    }

    /// Calls handed out by `next` and not recorded yet.
    public var callsUnderWay: Int { tokens.values.count { $0.calling } }
}
