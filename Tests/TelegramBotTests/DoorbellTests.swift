import KopiykaTestSupport
import Testing

@testable import TelegramBot

@Suite struct DoorbellTests {
    /// Under load the sender's ring usually comes before it waits: no timer for that.
    @Test func aRingBeforeTheWaitReturnsWithoutATimer() async {
        let doorbell = Doorbell()
        let sleeper = TestSleeper(longest: .seconds(5))
        for _ in 0..<20 {
            doorbell.ring()
            await doorbell.wait(timeout: .seconds(30), sleeper: sleeper.sleeper)
        }
        #expect(sleeper.pauses.isEmpty)
    }

    @Test func aWaitWithoutARingEndsAtItsTimeoutOrTheNextRing() async {
        let doorbell = Doorbell()
        let sleeper = TestSleeper()
        await doorbell.wait(timeout: .seconds(30), sleeper: sleeper.sleeper)
        #expect(sleeper.pauses == [.seconds(30)])
        let waiting = Task { await doorbell.wait(timeout: .seconds(60), sleeper: TestSleeper(longest: .seconds(60)).sleeper) }
        try? await Task.sleep(for: .milliseconds(20))
        doorbell.ring()
        await waiting.value  // Returns at the ring: the 60 s timer would hang the test.
    }
}
