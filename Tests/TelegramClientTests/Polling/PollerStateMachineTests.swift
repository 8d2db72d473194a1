import Testing

@testable import TelegramClient

@Suite struct PollerStateMachineTests {
    private func machine(random: Double = 0) -> PollerStateMachine {
        PollerStateMachine(random: { random })
    }

    @Test func successPollsAgainAtOnce() {
        var machine = machine()
        #expect(machine.next(after: .pollSucceeded) == .poll)
    }

    @Test func transientFailuresBackOffExponentiallyToTheCapAndResetOnSuccess() {
        var machine = machine()
        let waits = (0..<9).map { _ in machine.next(after: .transientFailure) }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { .wait(.seconds($0)) })
        #expect(machine.next(after: .pollSucceeded) == .poll)
        #expect(machine.next(after: .transientFailure) == .wait(.seconds(1)))
    }

    @Test func jitterOnlyShortensAndStaysWithinItsFraction() {
        var machine = machine(random: 0.5)
        for _ in 0..<3 { _ = machine.next(after: .transientFailure) }
        // 4 s shortened by 0.2 × 0.5.
        #expect(machine.next(after: .transientFailure) == .wait(.seconds(8) * 0.9))
        var capped = self.machine(random: 0.999)
        for _ in 0..<20 { _ = capped.next(after: .transientFailure) }
        guard case .wait(let delay) = capped.next(after: .transientFailure) else {
            Issue.record("not a wait")
            return
        }
        #expect(delay <= .seconds(60) && delay >= .seconds(48))
    }

    @Test func rateLimitWaitsExactlyRetryAfterWithoutJitter() {
        var machine = machine(random: 0.9)
        #expect(machine.next(after: .rateLimited(retryAfter: 17)) == .wait(.seconds(17)))
        #expect(machine.next(after: .rateLimited(retryAfter: 0)) == .wait(.seconds(1)))
    }

    @Test func otherPollerWaitsAtLeastFiveSeconds() {
        var machine = machine()
        #expect(machine.next(after: .otherPoller) == .wait(.seconds(5)))
        for _ in 0..<3 { _ = machine.next(after: .otherPoller) }
        #expect(machine.next(after: .otherPoller) == .wait(.seconds(16)))
    }

    @Test func webhookConflictDeletesTheWebhookAtOnceThenBacksOffIfItComesBack() {
        var machine = machine()
        #expect(machine.next(after: .webhookActive) == .deleteWebhook(after: .zero))
        #expect(machine.next(after: .webhookDeleted) == .poll)
        #expect(machine.next(after: .webhookActive) == .deleteWebhook(after: .seconds(2)))
        #expect(machine.next(after: .pollSucceeded) == .poll)
        #expect(machine.next(after: .webhookActive) == .deleteWebhook(after: .zero))
    }

    @Test func unauthorizedStopsForGood() {
        var machine = machine()
        let action = machine.next(after: .unauthorized)
        guard case .stop(let reason) = action else {
            Issue.record("did not stop")
            return
        }
        #expect(reason.contains("401"))
        #expect(reason.contains("TELEGRAM_BOT_TOKEN"))
        #expect(machine.next(after: .pollSucceeded) == action)
    }

    @Test func nothingButUnauthorizedEverStops() {
        var machine = machine(random: 0.3)
        let events: [PollerStateMachine.Event] = [
            .transientFailure, .otherPoller, .webhookActive, .rateLimited(retryAfter: 3), .webhookDeleted,
        ]
        for index in 0..<500 {
            if case .stop = machine.next(after: events[index % events.count]) {
                Issue.record("stopped on \(events[index % events.count])")
            }
        }
    }
}
