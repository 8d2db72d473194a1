import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Monobank
import TelegramClient

extension BotRunner {
    /// Polls Monobank for every connected token, outside any update, as `MonobankPollPlanner`
    /// allows: a new token is checked with client-info, then each followed account's statement
    /// is read and handed to the conversation, facts and cursor in one transaction. Looks for
    /// new tokens at least every 5 s, on `configuration.clock`. The token is used only for the
    /// call's header and never logged.
    func runMonobankFeed(_ http: any HTTPClient) async {
        var planner = MonobankPollPlanner()
        while !Task.isCancelled {
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
                let now = configuration.clock.wall.now()
                switch planner.next(feeds, now: now) {
                case .wait(let until):
                    if let until { delay = min(delay, .milliseconds(max(Int64(until.timeIntervalSince(now) * 1000), 1))) }
                case .call(let key, let call):
                    if let source = usable.first(where: { $0.memberID == key }), let token = source.token {
                        let api = MonobankAPI(token: token, baseURL: configuration.monobankAPIURL, http: http)
                        await perform(call, for: source, api: api, planner: &planner)
                    }
                    delay = .zero
                }
            } catch {
                log.warning("monobank feed: \(error)")
            }
            if delay == .zero { await Task.yield(); continue }
            do { try await configuration.clock.sleeper.sleep(for: delay) } catch { return }
        }
    }

    /// Where an account is read from: its cursor, or its oldest open hold before it, whose
    /// settled row keeps the hold's time (known rows in the window are skipped by identity).
    static func readFrom(_ account: MonobankAccount) -> Date? {
        guard let cursor = account.cursor else { return nil }
        return min(cursor, account.openHoldSince ?? cursor)
    }

    private func perform(_ call: MonobankPollPlanner.Call, for source: MonobankFeedSource, api: MonobankAPI,
                         planner: inout MonobankPollPlanner) async {
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
                do { try await core.monobankChecked(memberID: key, accounts: accounts) } catch { log.warning("monobank: \(error)") }
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
            if planner.record(.failed(error), of: call, key: key, now: clock.now()) == .tokenRevoked {
                do { try await core.monobankRefused(memberID: key, unreadable: false) } catch { log.warning("monobank: \(error)") }
            }
        }
    }
}
