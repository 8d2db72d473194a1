import KopiykaCore
import KopiykaTestSupport
import Testing

@testable import TelegramBot

@Suite struct DoorbellTests {
    func clock(_ sleeper: TestSleeper) -> BotClock { BotClock(wall: .system, now: { .now }, sleeper: sleeper.sleeper) }

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
        for _ in 0..<20 {
            let waiting = Task { await doorbell.wait(timeout: .seconds(30), clock: clock(sleeper)) }
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
        // What is left of the 30 s when the alarm's task starts: less on a starved machine.
        #expect(sleeper.pauses.count == 1 && sleeper.pauses[0] <= .seconds(30))
        let waiting = Task { await doorbell.wait(timeout: .seconds(60), clock: clock(TestSleeper(longest: .seconds(60)))) }
        try? await Task.sleep(for: .milliseconds(20))
        doorbell.ring()
        await waiting.value  // Returns at the ring: the 60 s timer would hang the test.
    }
}
