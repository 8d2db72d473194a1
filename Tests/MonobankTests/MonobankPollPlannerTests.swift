import Foundation
import Monobank
import Testing

/// The bank's rules, one by one, on the planner alone: no I/O, time handed in.
@Suite struct MonobankPollPlannerTests {
    let start = Date(timeIntervalSince1970: 1_795_248_000)
    typealias Planner = MonobankPollPlanner

    func feed(_ accounts: [(String, Date?)], key: Int64 = 1, check: Bool = false) -> Planner.Feed {
        Planner.Feed(key: key, needsCheck: check, accounts: accounts.map { Planner.Account(id: $0.0, cursor: $0.1) })
    }

    func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test func aNewTokenIsCheckedFirstThenItsAccountsWaitTheGap() {
        var planner = Planner()
        #expect(planner.next([feed([], check: true)], now: start) == .call(key: 1, .clientInfo))
        #expect(planner.record(.checked, of: .clientInfo, key: 1, now: at(1)) == .store(cursor: nil))
        #expect(planner.next([feed([("a", nil)])], now: at(2)) == .wait(until: at(61)))
    }

    @Test func oneCallPerMinutePerTokenSharedByItsAccounts() throws {
        var planner = Planner()
        let feeds = [feed([("a", at(0)), ("b", at(0))])]
        guard case .call(_, let first) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        _ = planner.record(.statement(count: 0, oldest: nil), of: first, key: 1, now: at(0))
        #expect(planner.next(feeds, now: at(30)) == .wait(until: at(60)))
        guard case .call(_, let second) = planner.next(feeds, now: at(60)),
              case .statement(let one, _, _) = first, case .statement(let two, _, _) = second else {
            Issue.record("no second call"); return
        }
        #expect(Set([one, two]) == ["a", "b"], "the two accounts take turns")
    }

    @Test func anotherTokenIsNotHeldBackByTheFirst() {
        var planner = Planner()
        let feeds = [feed([("a", at(0))], key: 1), feed([("b", at(0))], key: 2)]
        #expect(planner.next(feeds, now: at(0)) == .call(key: 1, .statement(account: "a", from: at(-Planner.overlap), to: at(0))))
        #expect(planner.next(feeds, now: at(0)) == .call(key: 2, .statement(account: "b", from: at(-Planner.overlap), to: at(0))))
    }

    @Test func aNewAccountIsReadAMonthBackInOneWindow() {
        var planner = Planner()
        guard case .call(_, .statement(_, let from, let to)) = planner.next([feed([("a", nil)])], now: at(0)) else {
            Issue.record("no call"); return
        }
        #expect(to == at(0))
        #expect(to.timeIntervalSince(from) == Planner.history)
        #expect(to.timeIntervalSince(from) <= 2_682_000)
    }

    @Test func aLongGapIsCaughtUpInWindowsOfAtMost31DaysAndAnHour() {
        var planner = Planner()
        let cursor = at(-100 * 86_400)
        let call = planner.next([feed([("a", cursor)])], now: at(0))
        #expect(call == .call(key: 1, .statement(account: "a", from: at(-100 * 86_400 - Planner.overlap), to: at(-100 * 86_400 - Planner.overlap + 2_682_000))))
        guard case .call(_, let made) = call, case .statement(_, _, let end) = made else { return }
        #expect(planner.record(.statement(count: 3, oldest: end), of: made, key: 1, now: at(1)) == .store(cursor: end))
    }

    @Test func exactly500ItemsAskForTheRestBeforeTheOldestAndTheCursorWaitsForTheLastPage() {
        var planner = Planner()
        let feeds = [feed([("a", at(-86_400))])]
        guard case .call(_, let first) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        #expect(planner.record(.statement(count: 500, oldest: at(-40_000)), of: first, key: 1, now: at(0)) == .store(cursor: nil))
        let second = planner.next(feeds, now: at(60))
        #expect(second == .call(key: 1, .statement(account: "a", from: at(-86_400 - Planner.overlap), to: at(-40_000))))
        guard case .call(_, let page) = second else { return }
        #expect(planner.record(.statement(count: 499, oldest: at(-89_000)), of: page, key: 1, now: at(61)) == .store(cursor: at(0)),
                "the cursor moves to the first page's end once the window is whole")
    }

    @Test func pagesAreNotAskedAgainWhenTheOldestMadeNoProgress() {
        var planner = Planner()
        let call = Planner.Call.statement(account: "a", from: at(-100), to: at(0))
        _ = planner.next([feed([("a", at(-100 + 3_600))])], now: at(0))
        #expect(planner.record(.statement(count: 500, oldest: at(0)), of: call, key: 1, now: at(0)) == .store(cursor: at(0)))
    }

    @Test func a429BacksOffLongerEachTimeAndThenThePageIsAskedAgain() {
        var planner = Planner()
        let feeds = [feed([("a", at(0))])]
        guard case .call(_, let call) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        #expect(planner.record(.failed(.rateLimited), of: call, key: 1, now: at(0)) == .later)
        #expect(planner.next(feeds, now: at(60)) == .wait(until: at(120)))
        #expect(planner.next(feeds, now: at(120)) == .call(key: 1, call), "the same window again")
        #expect(planner.record(.failed(.rateLimited), of: call, key: 1, now: at(120)) == .later)
        #expect(planner.next(feeds, now: at(121)) == .wait(until: at(360)))
    }

    @Test func anHTMLRefusalFromTheEdgeWaitsAnHour() {
        var planner = Planner()
        let feeds = [feed([("a", at(0))])]
        guard case .call(_, let call) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        #expect(planner.record(.failed(.edgeBlocked), of: call, key: 1, now: at(0)) == .later)
        #expect(planner.next(feeds, now: at(10)) == .wait(until: at(3_600)))
    }

    @Test func aRevokedTokenStopsItsFeedAndNoOther() {
        var planner = Planner()
        let feeds = [feed([("a", at(0))], key: 1), feed([("b", at(0))], key: 2)]
        guard case .call(_, let call) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        #expect(planner.record(.failed(.tokenRevoked(status: 403)), of: call, key: 1, now: at(0)) == .tokenRevoked)
        let second = planner.next(feeds, now: at(0))
        #expect(second == .call(key: 2, .statement(account: "b", from: at(-Planner.overlap), to: at(0))))
        // The page went unanswered (its call timed out): a call is recorded whatever came of it.
        if case .call(_, let page) = second { _ = planner.record(.failed(.transient("timedOut")), of: page, key: 2, now: at(30)) }
        #expect(planner.next(feeds, now: at(1_000)) == .call(key: 2, .statement(account: "b", from: at(-Planner.overlap), to: at(0))),
                "token 2's unanswered page is asked again; token 1 is never asked again")
    }

    @Test func aCaughtUpAccountIsReadAgainAfterItsInterval() {
        var planner = Planner(accountInterval: 300)
        guard case .call(_, let call) = planner.next([feed([("a", at(0))])], now: at(0)) else { Issue.record("no call"); return }
        _ = planner.record(.statement(count: 1, oldest: at(-5)), of: call, key: 1, now: at(1))
        #expect(planner.next([feed([("a", at(0))])], now: at(100)) == .wait(until: at(300)))
        #expect(planner.next([], now: at(100)) == .wait(until: nil), "nothing to follow, nothing to wait for")
    }

    /// Rows the bank posts up to a day late are read: each read starts a day before the cursor.
    @Test func eachReadOverlapsADayBeforeTheCursor() {
        var planner = Planner()
        let cursor = at(-300)
        #expect(planner.next([feed([("a", cursor)])], now: at(0))
                == .call(key: 1, .statement(account: "a", from: at(-300 - 86_400), to: at(0))))
    }

    /// Connected now: client-info, the first month a minute later, and the next read within five
    /// and a half minutes of connecting (it took six).
    @Test func theFirstFollowUpReadComesWithinFiveMinutesOfConnecting() {
        var planner = Planner()
        #expect(planner.next([feed([], check: true)], now: at(0)) == .call(key: 1, .clientInfo))
        _ = planner.record(.checked, of: .clientInfo, key: 1, now: at(1))
        guard case .call(_, let month) = planner.next([feed([("a", nil)])], now: at(61)) else { Issue.record("no call"); return }
        _ = planner.record(.statement(count: 40, oldest: at(-86_400)), of: month, key: 1, now: at(62))
        guard case .wait(let until?) = planner.next([feed([("a", at(61))])], now: at(63)) else { Issue.record("no wait"); return }
        #expect(until <= at(330), "\(until.timeIntervalSince(start)) s after connecting")
    }

    @Test func theGapCountsFromTheAnswerToo() {
        var planner = Planner()
        let feeds = [feed([("a", at(0)), ("b", at(0))])]
        guard case .call(_, let call) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        _ = planner.record(.statement(count: 0, oldest: nil), of: call, key: 1, now: at(20))
        #expect(planner.next(feeds, now: at(60)) == .wait(until: at(80)))
    }
}

/// Calls under way: several tokens at once, one call per token, and a call that timed out is
/// a failure, never a refused token.
@Suite struct MonobankPollPlannerConcurrencyTests {
    let start = Date(timeIntervalSince1970: 1_795_248_000)
    typealias Planner = MonobankPollPlanner

    func feed(_ key: Int64, _ account: String) -> Planner.Feed {
        Planner.Feed(key: key, needsCheck: false, accounts: [Planner.Account(id: account, cursor: at(0))])
    }

    func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test func callsOfDifferentTokensRunAtOnceUpToTheLimit() {
        var planner = Planner(callLimit: 2)
        let feeds = [feed(1, "a"), feed(2, "b"), feed(3, "c")]
        guard case .call(let first, let call) = planner.next(feeds, now: at(0)),
              case .call(let second, _) = planner.next(feeds, now: at(0)) else { Issue.record("no calls"); return }
        #expect(Set([first, second]) == [1, 2] && planner.callsUnderWay == 2)
        #expect(planner.next(feeds, now: at(1)) == .wait(until: nil), "two under way: the third waits for one to end")
        _ = planner.record(.statement(count: 0, oldest: nil), of: call, key: first, now: at(2))
        #expect(planner.next(feeds, now: at(2)) == .call(key: 3, .statement(account: "c", from: at(-Planner.overlap), to: at(2))),
                "a call's end frees its slot")
    }

    @Test func aTokenHasOneCallAtATimeAndOneThatTimedOutBacksOffToTheSameWindow() {
        var planner = Planner()
        let feeds = [feed(1, "a")]
        guard case .call(_, let call) = planner.next(feeds, now: at(0)) else { Issue.record("no call"); return }
        #expect(planner.next(feeds, now: at(90)) == .wait(until: nil), "its gap is over, but its call is still under way")
        #expect(planner.record(.failed(.transient("timedOut")), of: call, key: 1, now: at(95)) == .later, "a failure, not a refusal")
        #expect(planner.next(feeds, now: at(100)) == .wait(until: at(215)), "two gaps from the timeout")
        #expect(planner.next(feeds, now: at(215)) == .call(key: 1, call), "the same window again")
    }
}
