/// When each source of timed jobs is next looked at: a value state machine with no I/O, which
/// `BotRunner.runScheduler` drives and tests step by hand. A source is due at start, then every `interval`
/// after its last look; a look that failed (a full disk, a lock) waits twice as long each time,
/// up to 30 s or the interval, whichever is longer.
struct SchedulerState: Equatable {
    struct Slot: Equatable {
        let interval: Duration
        var next: ContinuousClock.Instant
        var failures = 0
    }

    private(set) var slots: [Slot]

    /// Every source due at `start`.
    init(intervals: [Duration], start: ContinuousClock.Instant) {
        slots = intervals.map { Slot(interval: $0, next: start) }
    }

    /// The sources to look at now, in their order.
    func due(at now: ContinuousClock.Instant) -> [Int] {
        slots.indices.filter { slots[$0].next <= now }
    }

    mutating func succeeded(_ index: Int, at now: ContinuousClock.Instant) {
        slots[index].failures = 0
        slots[index].next = now + slots[index].interval
    }

    /// Returns how many looks in a row have failed, this one included.
    mutating func failed(_ index: Int, at now: ContinuousClock.Instant) -> Int {
        slots[index].failures += 1
        let slot = slots[index]
        let backoff = slot.interval * (1 << min(slot.failures, 5))
        slots[index].next = now + min(backoff, max(slot.interval, .seconds(30)))
        return slot.failures
    }

    /// How long to sleep before the next source is due; zero when one is due already.
    func untilNext(from now: ContinuousClock.Instant) -> Duration {
        guard let next = slots.map(\.next).min() else { return .seconds(60) }
        return max(next - now, .zero)
    }
}
