import KopiykaCore
import KopiykaTestSupport
import Synchronization
import Testing

@testable import TelegramBot

@Suite struct DoorbellTests {
    /// A clock that moves `step` each time it is read, whatever the machine's load: with the
    /// real one, a test starved for 30 s saw its alarm start after the deadline and ask for no pause.
    func clock(_ sleeper: TestSleeper, step: Duration = .zero) -> BotClock {
        let now = Mutex(ContinuousClock.now)
        return BotClock(wall: .system, now: {
            now.withLock { instant in
                defer { instant += step }
                return instant
            }
        }, sleeper: sleeper.sleeper)
    }

    /// Under load the sender's ring usually comes before it waits: no timer for that.
    @Test func aRingBeforeTheWaitReturnsWithoutATimer() async {
        let doorbell = Doorbell()
        let sleeper = TestSleeper(longest: .seconds(5))
        for _ in 0..<20 {
            doorbell.ring()
            await doorbell.wait(timeout: .seconds(30), clock: clock(sleeper))
        }
        #expect(sleeper.pauses.isEmpty)
    }

    /// One busy chat: each wait ends later than the last; the first alarm serves them all.
    @Test func waitsThatEndLaterShareOneAlarm() async {
        let doorbell = Doorbell()
        let sleeper = TestSleeper(longest: .seconds(60))
        let later = clock(sleeper, step: .milliseconds(1))
        for _ in 0..<20 {
            let waiting = Task { await doorbell.wait(timeout: .seconds(30), clock: later) }
            try? await Task.sleep(for: .milliseconds(2))
            doorbell.ring()
            await waiting.value
        }
        #expect(sleeper.pauses.count == 1)
    }

    @Test func aWaitEndsAtItsTimeoutOrTheNextRing() async {
        let doorbell = Doorbell()
        let sleeper = TestSleeper()
        await doorbell.wait(timeout: .seconds(30), clock: clock(sleeper))
        #expect(sleeper.pauses == [.seconds(30)])
        let waiting = Task { await doorbell.wait(timeout: .seconds(60), clock: clock(TestSleeper(longest: .seconds(60)))) }
        try? await Task.sleep(for: .milliseconds(20))
        doorbell.ring()
        await waiting.value  // Returns at the ring: the 60 s timer would hang the test.
    }
}
