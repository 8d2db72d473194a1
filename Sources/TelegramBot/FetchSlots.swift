import TelegramClient

/// Which statement files download now: `limit` at most at once and one per household, so one
/// family's hung or slow download, or its pile of files, holds no other family's; a file that
/// failed waits out its own back-off, in no slot, without holding the others; and the bytes
/// arriving at once stay within `byteBudget`. A value with no I/O: the fetcher asks `start`
/// (a file is first described by `getFile`), hands back its size with `described`, asks
/// `downloads` for those whose bytes may come now, and hands back each end with `finished`,
/// and each back-off's end with `retry`.
struct FetchSlots {
    /// Why 4: a statement is read in under a second once it is in; four at once let three
    /// families through while one download hangs until its stall timeout.
    static let limit = 4
    /// Why 24 MB: one file as large as Telegram gives (20 MB) with small ones beside it. Four
    /// of 20 MB at once would hold 80 MB as they arrive, and as much again while each is
    /// copied into the database; one at a time, they keep the bot's peak where it was.
    static let byteBudget = 24 << 20

    enum Stage: Equatable {
        /// `getFile` is asked for its size and path.
        case describing
        /// Its size is known; its bytes wait for room in `byteBudget`.
        case waiting(bytes: Int)
        case downloading(bytes: Int)
    }

    /// Files under way: import id → its household and stage.
    private(set) var running: [Int64: (household: Int64, stage: Stage)] = [:]
    /// Files waiting out a back-off after a failure.
    private(set) var backingOff: Set<Int64> = []

    /// The ids of the files of `waiting` (oldest first) to start now, marked as being
    /// described: not under way already nor backing off, of a household with no file under
    /// way, within `limit`. Cost: linear in `waiting`.
    mutating func start(_ waiting: [(id: Int64, household: Int64)]) -> [Int64] {
        var busy = Set(running.values.map(\.household))
        var started: [Int64] = []
        for file in waiting where running.count < Self.limit {
            guard running[file.id] == nil, !backingOff.contains(file.id), !busy.contains(file.household) else { continue }
            running[file.id] = (file.household, .describing)
            busy.insert(file.household)
            started.append(file.id)
        }
        return started
    }

    /// `getFile` told the file's size (nil, or out of bounds: taken as the largest Telegram gives).
    mutating func described(_ id: Int64, bytes: Int64?) {
        guard let household = running[id]?.household else { return }
        let largest = BotAPI.downloadLimit
        running[id] = (household, .waiting(bytes: Int(bytes.map { min(max($0, 0), largest) } ?? largest)))
    }

    /// The ids of the described files whose bytes may come now, oldest first, marked as
    /// downloading: those whose bytes fit in `byteBudget` beside the bytes under way, and
    /// always one when none are. Cost: a sort of the files under way (four at most).
    mutating func downloads() -> [Int64] {
        var inFlight = running.values.reduce(0) { sum, file in
            if case .downloading(let bytes) = file.stage { sum + bytes } else { sum }
        }
        var started: [Int64] = []
        for id in running.keys.sorted() {
            guard let file = running[id], case .waiting(let bytes) = file.stage else { continue }
            guard inFlight == 0 || inFlight + bytes <= Self.byteBudget else { continue }  // Smaller ones may pass.
            running[id] = (file.household, .downloading(bytes: bytes))
            inFlight += bytes
            started.append(id)
        }
        return started
    }

    /// A file's turn ended and its slot is free; `backingOff`: the file waits for its `retry`.
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
