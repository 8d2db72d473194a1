import Testing

@testable import TelegramBot

/// When each source of timed jobs is looked at, as a value: no clock, no I/O.
@Suite struct SchedulerStateTests {
    let start = ContinuousClock.now

    @Test func everySourceIsDueAtStartThenOnItsOwnInterval() {
        var state = SchedulerState(intervals: [.seconds(60), .seconds(1)], start: start)
        #expect(state.due(at: start) == [0, 1])
        state.succeeded(0, at: start)
        state.succeeded(1, at: start)
        #expect(state.due(at: start) == [])
        #expect(state.untilNext(from: start) == .seconds(1))
        #expect(state.due(at: start + .seconds(1)) == [1])
        #expect(state.due(at: start + .seconds(60)) == [0, 1])
    }

    @Test func aFailingSourceWaitsTwiceAsLongEachTimeUpTo30Seconds() {
        var state = SchedulerState(intervals: [.seconds(1)], start: start)
        var now = start
        var waits: [Duration] = []
        for expected in 1...7 {
            #expect(state.failed(0, at: now) == expected)
            waits.append(state.untilNext(from: now))
            now += waits.last ?? .zero
        }
        #expect(waits == [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        state.succeeded(0, at: now)
        #expect(state.untilNext(from: now) == .seconds(1), "one success ends the back-off")
        #expect(state.failed(0, at: now) == 1)
    }

    @Test func aSlowSourceBacksOffNoLongerThanItsInterval() {
        var state = SchedulerState(intervals: [.seconds(60)], start: start)
        _ = state.failed(0, at: start)
        _ = state.failed(0, at: start)
        #expect(state.untilNext(from: start) == .seconds(60))
    }

    @Test func oneSourceFailingDoesNotDelayTheOther() {
        var state = SchedulerState(intervals: [.seconds(1), .seconds(1)], start: start)
        _ = state.failed(0, at: start)
        state.succeeded(1, at: start)
        #expect(state.due(at: start + .seconds(1)) == [1])
        #expect(state.due(at: start + .seconds(2)) == [0, 1])
    }

    @Test func aLateLookSleepsNotAtAll() {
        let state = SchedulerState(intervals: [.seconds(1)], start: start)
        #expect(state.untilNext(from: start + .seconds(5)) == .zero)
    }
}
