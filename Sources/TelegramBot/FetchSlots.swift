/// Which statement files download now: `limit` at most at once and one per household, so one
/// family's hung or slow download, or its pile of files, holds no other family's; and a file
/// that failed waits out its own back-off, in no slot, without holding the others. A value
/// with no I/O: the fetcher asks `start`, hands back each download's end with `finished`,
/// and each back-off's end with `retry`.
struct FetchSlots {
    /// Why 4: a statement is read in under a second once it is in; four at once let three
    /// families through while one download hangs until its stall timeout, and keep at most
    /// four files' bytes (20 MB each at most) in memory while they arrive.
    static let limit = 4

    /// Downloads under way: import id → its household.
    private(set) var running: [Int64: Int64] = [:]
    /// Files waiting out a back-off after a failure.
    private(set) var backingOff: Set<Int64> = []

    /// The ids of the files of `waiting` (oldest first) to start now, marked as running: not
    /// running already nor backing off, of a household with no download under way, within
    /// `limit`. Cost: linear in `waiting`.
    mutating func start(_ waiting: [(id: Int64, household: Int64)]) -> [Int64] {
        var busy = Set(running.values)
        var started: [Int64] = []
        for file in waiting where running.count < Self.limit {
            guard running[file.id] == nil, !backingOff.contains(file.id), !busy.contains(file.household) else { continue }
            running[file.id] = file.household
            busy.insert(file.household)
            started.append(file.id)
        }
        return started
    }

    /// A download ended and its slot is free; `backingOff`: the file waits for its `retry`.
    mutating func finished(_ id: Int64, backingOff: Bool) {
        running[id] = nil
        if backingOff { self.backingOff.insert(id) }
    }

    /// The file's back-off is over: it may start again.
    mutating func retry(_ id: Int64) {
        backingOff.remove(id)
    }

    /// Forgets the files no longer waiting to be fetched (given up, or read elsewhere).
    mutating func keep(only waiting: Set<Int64>) {
        backingOff.formIntersection(waiting)
    }
}
