import FoundationEssentials

extension MonobankPollPlanner {
    /// The call due first among `feeds`, marked as made and under way (its token's next call
    /// is a gap away, and none until this one is recorded); or how long nothing is due: nil
    /// when nothing is until a feed changes or, with `callLimit` calls under way, one ends.
    /// Tokens no longer in `feeds` are forgotten. Cost: linear in the feeds' accounts.
    public mutating func next(_ feeds: [Feed], now: Date) -> Step {
        let keys = Set(feeds.map(\.key))
        tokens = tokens.filter { keys.contains($0.key) }
        guard callsUnderWay < callLimit else { return .wait(until: nil) }
        var best: (due: Date, key: Int64, call: Call)?
        for feed in feeds {
            let state = tokens[feed.key] ?? TokenState()
            guard !state.stopped, !state.calling, let (due, call) = candidate(feed, state, now: now) else { continue }
            if best.map({ due < $0.due }) ?? true { best = (due, feed.key, call) }
        }
        guard let best else { return .wait(until: nil) }
        guard best.due <= now else { return .wait(until: best.due) }
        var state = tokens[best.key] ?? TokenState()
        state.nextCall = now.addingTimeInterval(Self.callGap)
        state.calling = true
        if case .statement(let account, let from, let to) = best.call {
            state.lastRead[account] = now
            if state.paging[account] == nil { state.paging[account] = Window(from: from, to: to, end: to) }
        }
        tokens[best.key] = state
        return .call(key: best.key, best.call)
    }

    /// The token's next call and when it is due: client-info first, then a page in progress,
    /// then the account read longest ago.
    func candidate(_ feed: Feed, _ state: TokenState, now: Date) -> (Date, Call)? {
        if feed.needsCheck { return (state.nextCall, .clientInfo) }
        var best: (due: Date, account: Account)?
        for account in feed.accounts {
            if let page = state.paging[account.id] {
                return (state.nextCall, .statement(account: account.id, from: page.from, to: page.to))
            }
            let due = max(state.nextCall, state.lastRead[account.id].map { $0.addingTimeInterval(accountInterval) } ?? .distantPast)
            if best.map({ due < $0.due }) ?? true { best = (due, account) }
        }
        guard let best else { return nil }
        let (from, to) = Self.window(after: best.account.cursor, now: max(now, best.due))
        return (best.due, .statement(account: best.account.id, from: from, to: to))
    }

    /// The window after `cursor` (`overlap` back over it), at most `maxWindow` long and never
    /// past `now`; a month back for an account never read.
    static func window(after cursor: Date?, now: Date) -> (Date, Date) {
        let start = cursor.map { min($0, now).addingTimeInterval(-overlap) } ?? now.addingTimeInterval(-history)
        return (start, min(start.addingTimeInterval(maxWindow), now))
    }

    /// What came of `call` for token `key`, and what the caller does with it. The token may
    /// be called again (after its gap, or its back-off).
    public mutating func record(_ outcome: Outcome, of call: Call, key: Int64, now: Date) -> Verdict {
        var state = tokens[key] ?? TokenState()
        state.calling = false
        defer { tokens[key] = state }
        // The gap counts from the answer too: a request may reach the bank late.
        state.nextCall = max(state.nextCall, now.addingTimeInterval(Self.callGap))
        switch outcome {
        case .checked:
            state.failures = 0
            return .store(cursor: nil)
        case .statement(let count, let oldest):
            state.failures = 0
            guard case .statement(let account, let from, let to) = call else { return .store(cursor: nil) }
            let end = state.paging[account]?.end ?? to
            // Exactly a page: more may lie before the oldest item, unless it made no progress.
            if count >= Self.pageSize, let oldest, oldest > from, oldest < to {
                state.paging[account] = Window(from: from, to: oldest, end: end)
                return .store(cursor: nil)
            }
            state.paging[account] = nil
            return .store(cursor: end)
        case .failed(.tokenRevoked):
            state.stopped = true
            return .tokenRevoked
        case .failed(.edgeBlocked):
            state.nextCall = max(state.nextCall, now.addingTimeInterval(Self.edgeBackoff))
            return .later
        case .failed(.rateLimited), .failed(.transient), .failed(.unreadable):
            state.failures += 1
            let backoff = min(Self.callGap * Double(1 << min(state.failures, 4)), Self.maxBackoff)
            state.nextCall = max(state.nextCall, now.addingTimeInterval(backoff))
            return .later
        }
    }
}

extension MonobankPollPlanner {
    /// The account's window starts over from its stored cursor: a page came but could not be
    /// stored, and a later page must not move the cursor past it.
    public mutating func restartWindow(key: Int64, account: String) {
        tokens[key]?.paging[account] = nil
    }
}
