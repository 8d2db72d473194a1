import Banking
import FoundationEssentials
import HTTP
import KopiykaCore
import Ledger
import Monobank
import Synchronization
import TelegramClient

extension BotRunner {
    /// Polls Monobank for every connected token, outside any update, as `MonobankPollPlanner`
    /// allows: a new token is checked with client-info, then each followed account's statement
    /// is read and handed to the conversation, facts and cursor in one transaction. Calls of
    /// different tokens run at once (`callLimit` at most), each within
    /// `configuration.monobankTimeout`, so a hung one holds no other family's feed. Looks for
    /// new tokens at least every 5 s, and again whenever a call ends, on `configuration.clock`.
    /// The token is used only for the call's header and never logged.
    func runMonobankFeed(_ http: any HTTPClient) async {
        let planner = SharedPollPlanner()
        let clock = configuration.clock
        await withTaskGroup(of: FeedWake.self) { group in
            // When the one pending tick ends: a sooner one is added beside it, a later one not.
            var tick: ContinuousClock.Instant?
            feed: while !Task.isCancelled {
                let delay = await startDueCalls(planner, http: http, group: &group)
                let due = clock.now() + delay
                if tick.map({ due < $0 }) ?? true {
                    tick = due
                    group.addTask {
                        do { try await clock.sleeper.sleep(for: delay) } catch { return .cancelled }
                        return .tick(due)
                    }
                }
                switch await group.next() {
                case .tick(let at): if at == tick { tick = nil }
                case .callEnded: continue
                case .cancelled, nil: break feed
                }
            }
            group.cancelAll()
        }
    }

    /// Starts every call due now in a child task of `group`; returns how long until the next
    /// look (at most 5 s).
    private func startDueCalls(_ planner: SharedPollPlanner, http: any HTTPClient,
                               group: inout TaskGroup<FeedWake>) async -> Duration {
        var delay = Duration.seconds(5)
        do {
            let sources = try await core.monobankSources()
            for source in sources where source.token == nil {
                try await core.monobankRefused(memberID: source.memberID, unreadable: true)
            }
            let usable = sources.filter { $0.token != nil }
            let feeds = usable.map { source in
                MonobankPollPlanner.Feed(key: source.memberID, needsCheck: source.needsCheck,
                                         accounts: source.accounts.map { .init(id: $0.accountID, cursor: Self.readFrom($0)) })
            }
            while !Task.isCancelled {
                let now = configuration.clock.wall.now()
                switch planner.next(feeds, now: now) {
                case .wait(let until):
                    if let until { delay = min(delay, .milliseconds(max(Int64(until.timeIntervalSince(now) * 1000), 1))) }
                    return delay
                case .call(let key, let call):
                    guard let source = usable.first(where: { $0.memberID == key }), let token = source.token else {
                        _ = planner.record(.failed(.transient("no token")), of: call, key: key, now: now)
                        continue
                    }
                    let api = MonobankAPI(token: token, baseURL: configuration.monobankAPIURL, http: http,
                                          timeout: configuration.monobankTimeout)
                    group.addTask {
                        await perform(call, for: source, api: api, planner: planner)
                        return .callEnded
                    }
                }
            }
        } catch {
            log.warning("monobank feed: \(error)")
        }
        return delay
    }

    /// Why 500: a person's cards, currency accounts and jars are a few dozen at most; a
    /// client-info of 100,000 (a broken or hostile answer) took 11.6 s to store and 1 s a page
    /// to list, while 500 are 50 pages of the member's list and nothing to store or read.
    static let maxMonobankAccounts = 500

    /// Where an account is read from: its cursor, or its oldest open hold before it, whose
    /// settled row keeps the hold's time (known rows in the window are skipped by identity).
    static func readFrom(_ account: MonobankAccount) -> Date? {
        guard let cursor = account.cursor else { return nil }
        return min(cursor, account.openHoldSince ?? cursor)
    }

    private func perform(_ call: MonobankPollPlanner.Call, for source: MonobankFeedSource, api: MonobankAPI,
                         planner: SharedPollPlanner) async {
        let key = source.memberID
        let clock = configuration.clock.wall
        do throws(MonobankError) {
            switch call {
            case .clientInfo:
                let info = try await api.clientInfo()
                _ = planner.record(.checked, of: call, key: key, now: clock.now())
                let accounts = info.accounts.compactMap { account in
                    account.currency.map { MonobankAccount(accountID: account.id, kind: .card, label: account.masked, currency: $0) }
                } + info.jars.compactMap { jar in
                    jar.currency.map { MonobankAccount(accountID: jar.id, kind: .jar, label: jar.title, currency: $0) }
                }
                if accounts.count > Self.maxMonobankAccounts {
                    log.warning("monobank, member \(key): \(accounts.count) accounts and jars, the first \(Self.maxMonobankAccounts) kept")
                }
                do {
                    try await core.monobankChecked(memberID: key, accounts: Array(accounts.prefix(Self.maxMonobankAccounts)))
                } catch {
                    log.warning("monobank: \(error)")
                }
            case .statement(let account, let from, let to):
                let followed = source.accounts.first { $0.accountID == account }
                let page = try await api.statementPage(account: account, from: from, to: to, currency: followed?.currency)
                if !page.skipped.isEmpty {
                    // The bank's ids, clipped to what an id is made of: a line of the log stays one line.
                    let ids = page.skipped.prefix(3).map { String($0.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(40)) }
                        .joined(separator: ", ")
                    log.warning("monobank, member \(key): \(page.skipped.count) items past the bounds of a bank row skipped (\(ids))")
                }
                let verdict = planner.record(.statement(count: page.itemCount, oldest: page.facts.map(\.time).min()), of: call,
                                             key: key, now: clock.now())
                guard case .store(let cursor) = verdict else { return }
                do {
                    try await core.monobankReceived(memberID: key, accountID: account, facts: page.facts, cursor: cursor,
                                                    after: followed?.cursor, end: to)
                } catch {
                    planner.restartWindow(key: key, account: account)
                    log.warning("monobank: facts of member \(key) not stored: \(error)")
                }
            }
        } catch {
            log.warning("monobank, member \(key): \(error)")
            let verdict = planner.record(.failed(error), of: call, key: key, now: clock.now())
            do {
                if verdict == .tokenRevoked {
                    try await core.monobankRefused(memberID: key, unreadable: false)
                } else if call == .clientInfo, error == .unreadable {
                    // The member waits at «Перевіряю…» for this very answer: told now, not
                    // left there while the bank's side stays broken.
                    try await core.monobankCheckUnreadable(memberID: key)
                }
            } catch {
                log.warning("monobank: \(error)")
            }
        }
    }
}

/// Why the feed's loop woke.
enum FeedWake: Sendable {
    /// The pause that was due then ended.
    case tick(ContinuousClock.Instant)
    /// A call ended: its slot is free, its token's next call is planned.
    case callEnded
    case cancelled
}

/// The planner shared by the feed's loop and its calls under way: each call records what
/// came of it the moment it ends. All of them run on the bank client's thread, so the lock
/// is never contended; it is there for `Sendable`.
final class SharedPollPlanner: Sendable {
    private let planner: Mutex<MonobankPollPlanner>

    init(_ planner: MonobankPollPlanner = MonobankPollPlanner()) { self.planner = Mutex(planner) }

    func next(_ feeds: [MonobankPollPlanner.Feed], now: Date) -> MonobankPollPlanner.Step {
        planner.withLock { $0.next(feeds, now: now) }
    }

    func record(_ outcome: MonobankPollPlanner.Outcome, of call: MonobankPollPlanner.Call, key: Int64,
                now: Date) -> MonobankPollPlanner.Verdict {
        planner.withLock { $0.record(outcome, of: call, key: key, now: now) }
    }

    func restartWindow(key: Int64, account: String) {
        planner.withLock { $0.restartWindow(key: key, account: account) }
    }
}
