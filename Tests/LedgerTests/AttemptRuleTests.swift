import Foundation
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// The crash-containment rule on a real file. A process that dies in the work leaves the
/// database exactly as work that throws does (the count committed, the work rolled back), so
/// a fresh `AttemptRule` on a fresh `Ledger` plays the restarted process.
@Suite struct AttemptRuleTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let key = AttemptKey(kind: "digest", subject: 7, period: "2026-11-21")

    struct Boom: Error {}

    @Test func theAttemptIsCommittedBeforeTheWorkStarts() throws {
        let rule = AttemptRule(ledger: ledger)
        let outside = try Ledger(path: test.path)
        var seen = -1
        _ = try rule.run(key, giveUp: { _ in }) { seen = try outside.botState.attemptCount(key) }
        #expect(seen == 1)
        #expect(try ledger.botState.attemptCount(key) == 0)
    }

    @Test func workThatKeepsFailingIsGivenUpAfterThreeAttempts() throws {
        var runs = 0
        var givenUp: [Int] = []
        for restart in 0..<5 {
            let rule = AttemptRule(ledger: try Ledger(path: test.path))
            do {
                let outcome = try rule.run(key, giveUp: { givenUp.append($0) }) {
                    runs += 1
                    throw Boom()
                }
                guard case .givenUp(let attempts) = outcome else { throw Boom() }
                #expect(attempts == 3)
                #expect(restart == 3)
                break
            } catch is Boom {
                continue
            }
        }
        #expect(runs == 3)
        #expect(givenUp == [3])
        #expect(try ledger.botState.attemptCount(key) == 0)
    }

    @Test func workThatSucceedsClearsItsCount() throws {
        let rule = AttemptRule(ledger: ledger)
        #expect(throws: Boom.self) { try rule.run(key, giveUp: { _ in }) { throw Boom() } }
        #expect(try ledger.botState.attemptCount(key) == 1)
        guard case .done(let value) = try rule.run(key, giveUp: { _ in }, work: { 42 }) else {
            Issue.record("not done")
            return
        }
        #expect(value == 42)
        #expect(try ledger.botState.attemptCount(key) == 0)
    }

    /// A give-up that dies (its own transaction never commits) is tried again, with one
    /// attempt more: the caller then skips what it said the first time.
    @Test func aGiveUpThatDiesIsGivenUpAgainWithTheHigherCount() throws {
        let rule = AttemptRule(ledger: ledger)
        for _ in 0..<3 { _ = try? rule.run(key, giveUp: { _ in }) { throw Boom() } }
        #expect(throws: Boom.self) { try rule.run(key, giveUp: { _ in throw Boom() }) {} }
        var attempts = 0
        _ = try rule.run(key, giveUp: { attempts = $0 }) {}
        #expect(attempts == 4)
        #expect(try ledger.botState.attemptCount(key) == 0)
    }

    @Test func aFullDiskIsWaitedOutWithoutCountingAttempts() throws {
        let rule = AttemptRule(ledger: ledger)
        try ledger.transaction { try ledger.botState.setTelegramOffset(1) }  // the page the count lands in exists
        try ledger.setMaximumPageCount(try ledger.pageCount())
        let big = String(repeating: "ж", count: 50_000)
        var runs = 0
        for _ in 0..<10 {
            do {
                _ = try rule.run(key, giveUp: { _ in Issue.record("gave up during a full disk") }) {
                    runs += 1
                    try ledger.outbox.enqueue(.message(html: big), chatID: 1)
                }
                Issue.record("wrote past a full disk")
            } catch let error as SQLiteError {
                #expect(error.reason == .diskFull)
            }
        }
        #expect(runs == 10)
        #expect(try ledger.botState.attemptCount(key) == 1)
        try ledger.setMaximumPageCount(1_000_000)
        guard case .done = try rule.run(key, giveUp: { _ in }, work: { try ledger.outbox.enqueue(.message(html: big), chatID: 1) }) else {
            Issue.record("not done once the disk had room")
            return
        }
        #expect(try ledger.outbox.pendingCount() == 1)
        #expect(try ledger.botState.attemptCount(key) == 0)
    }

    @Test func aBatchRunsTogetherOnlyWhenNoneOfItWasAttemptedBefore() throws {
        let keys = (1...3).map { AttemptKey.update(Int64($0)) }
        let rule = AttemptRule(ledger: ledger)
        #expect(throws: Boom.self) { try rule.runTogether(keys) { throw Boom() } }
        #expect(try keys.map(ledger.botState.attemptCount) == [1, 1, 1])
        let restarted = AttemptRule(ledger: try Ledger(path: test.path))
        #expect(try restarted.runTogether(keys) { Issue.record("ran a batch that died before") } == false)
        #expect(try keys.map(ledger.botState.attemptCount) == [1, 1, 1])
        for key in keys { _ = try restarted.run(key, giveUp: { _ in }) {} }
        #expect(try restarted.runTogether((4...6).map { AttemptKey.update(Int64($0)) }) {} == true)
        #expect(try ledger.botState.attemptCount(.update(5)) == 0)
    }

    @Test func aBatchCountsChecksAndClearsOnlyItsOwnKeys() throws {
        let digest = AttemptKey(kind: "digest", subject: 5, period: "")
        let rule = AttemptRule(ledger: ledger)
        #expect(throws: Boom.self) { try rule.run(.update(2), giveUp: { _ in }) { throw Boom() } }
        #expect(throws: Boom.self) { try rule.run(digest, giveUp: { _ in }) { throw Boom() } }
        #expect(try rule.runTogether((1...3).map { AttemptKey.update(Int64($0)) }) { Issue.record("ran") } == false)
        #expect(throws: Boom.self) { try rule.runTogether((4...6).map { AttemptKey.update(Int64($0)) }) { throw Boom() } }
        #expect(try rule.runTogether([.update(7), .update(9)]) {} == true)
        #expect(try (1...9).map { try ledger.botState.attemptCount(.update(Int64($0))) } == [0, 1, 0, 1, 1, 1, 0, 0, 0])
        #expect(try ledger.botState.attemptCount(digest) == 1)
    }

    @Test func staleCountsArePruned() throws {
        #expect(throws: Boom.self) { try AttemptRule(ledger: ledger).run(key, giveUp: { _ in }) { throw Boom() } }
        try ledger.botState.pruneAttempts(before: testNow)
        #expect(try ledger.botState.attemptCount(key) == 1)
        try ledger.botState.pruneAttempts(before: testNow.addingTimeInterval(1))
        #expect(try ledger.botState.attemptCount(key) == 0)
    }
}
