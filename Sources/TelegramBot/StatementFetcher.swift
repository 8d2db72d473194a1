import FoundationEssentials
import HTTP
import Ledger
import TelegramClient

extension BotRunner {
    /// Downloads the statement files members send, outside any update: `getFile`, then the
    /// file, its bytes kept in the database for the job that reads them. A file Telegram will
    /// not give (past 20 MB, an unknown id) is given up at once and its member told; a network
    /// failure is tried again, five times at most, a second apart and then longer. Looks for
    /// new files every second, and whenever a download ends, on `configuration.clock`.
    ///
    /// Downloads run at once, `FetchSlots.limit` at most and one per household, each within
    /// `configuration.downloadTimeout` and ended after `downloadStall` without a byte: a hung
    /// one holds only its own family's files, and a failed one waits out its own back-off.
    /// The bytes arriving at once stay within `FetchSlots.byteBudget` (24 MB): a large file
    /// waits for another large one, a small one passes.
    /// They have an HTTP client and a thread of their own, so they never take a connection the
    /// replies need, and their bytes arrive off the bot's thread.
    ///
    /// A file downloaded that the database cannot take yet (a full disk, a lock:
    /// `AttemptRule.isTransient`) is no failed download: its bytes wait in memory, and storing
    /// them is tried again, backing off to 30 s, for as long as that lasts. Waiting out a full
    /// disk never gives a file up, nor downloads it again.
    func runStatementFetching(_ api: BotAPI) async {
        let files = CurlHTTPClient(maxConnections: FetchSlots.limit, threadName: "kopiyka-files")
        defer { files.shutdown() }
        let fileAPI = BotAPI(token: configuration.token, baseURL: configuration.apiURL, http: files)
        let clock = configuration.clock
        let turn = min(Duration.seconds(1), configuration.scheduleInterval)
        var tries = FetchTries()
        var slots = FetchSlots()
        var described: [Int64: (file: StatementImport, telegramFile: TelegramFile)] = [:]
        await withTaskGroup(of: FetchWake.self) { group in
            var ticking = false
            fetching: while !Task.isCancelled {
                var delay = turn
                do {
                    let waiting = try await core.statementsToFetch()
                    let ids = Set(waiting.map(\.id)).union(slots.running.keys)
                    tries.keep(only: ids)
                    slots.keep(only: ids)
                    let started = Set(slots.start(waiting.map { ($0.id, $0.householdID) }))
                    for file in waiting where started.contains(file.id) {
                        let cached = tries.downloaded[file.id]
                        group.addTask(executorPreference: files.executor) {
                            if let cached { return .ended(file, .success(cached)) }
                            return await describe(file, api: fileAPI)
                        }
                    }
                } catch {
                    log.warning("statement files wait: \(error)")
                    delay = .seconds(5)
                }
                for id in slots.downloads() {
                    guard let (file, telegramFile) = described.removeValue(forKey: id) else {
                        slots.finished(id, backingOff: false)
                        continue
                    }
                    group.addTask(executorPreference: files.executor) { .ended(file, await download(telegramFile, api: fileAPI)) }
                }
                if !ticking {
                    ticking = true
                    group.addTask { await FetchWake.after(delay, on: clock, .tick) }
                }
                switch await group.next() {
                case .tick: ticking = false
                case .described(let file, let telegramFile):
                    described[file.id] = (file, telegramFile)
                    slots.described(file.id, bytes: telegramFile.fileSize)
                case .ended(let file, let result):
                    guard !Task.isCancelled else { break fetching }
                    let failures = await settle(file, result, api: fileAPI, tries: &tries)
                    slots.finished(file.id, backingOff: failures != nil)
                    if let failures {
                        group.addTask { await FetchWake.after(FetchTries.backoff(failures, turn: turn), on: clock, .backedOff(file.id)) }
                    }
                case .backedOff(let id): slots.retry(id)
                case .cancelled, nil: break fetching
                }
            }
            group.cancelAll()
        }
    }

    /// The file as `getFile` describes it (its size and path), or why it cannot be had. Runs
    /// on the files' thread; touches no state.
    private func describe(_ file: StatementImport, api: BotAPI) async -> FetchWake {
        do {
            return .described(file, try await api.getFile(fileID: file.fileID))
        } catch {
            return .ended(file, .failure(error))
        }
    }

    /// A described file's bytes. Runs on the files' thread; touches no state.
    private func download(_ telegramFile: TelegramFile, api: BotAPI) async -> Result<[UInt8], any Error> {
        do {
            let data = try await api.download(telegramFile, timeout: configuration.downloadTimeout, stall: configuration.downloadStall)
            return .success(Array(data))
        } catch {
            return .failure(error)
        }
    }

    /// What came of one file's download: stored, given up, or to be tried again. Returns how
    /// many times in a row it failed when it is to be tried again, nil when it is done (kept
    /// or given up).
    private func settle(_ statementImport: StatementImport, _ result: Result<[UInt8], any Error>, api: BotAPI,
                        tries: inout FetchTries) async -> Int? {
        let id = statementImport.id
        do {
            do {
                let data = try result.get()
                tries.downloaded[id] = data
                try await core.storeFetched(statementImport, data: data)
                tries.forget(id)
                return nil
            } catch where AttemptRule.isTransient(error) {
                let count = tries.storing[id, default: 0] + 1
                tries.storing[id] = count
                log.warning("statement file \(id) downloaded, not kept yet (\(count) tries, tried again until it is): \(error)")
                return count
            } catch let error as BotAPIError where error.isFileTooLarge {
                try await core.failFetch(statementImport, problem: "too_large")
                tries.forget(id)
                return nil
            } catch {
                let count = tries.downloading[id, default: 0] + 1
                tries.downloading[id] = count
                let permanent = if case .badRequest = BotAPIFailure(error) { true } else { false }
                log.warning("statement file \(id) not fetched (\(count) tries): \(api.redact(String(describing: error)))")
                guard permanent || count >= FetchTries.downloadLimit else { return count }
                try await core.failFetch(statementImport, problem: "unavailable")
                tries.forget(id)
                return nil
            }
        } catch {
            // Giving the file up failed (the database refused): it is tried again a few turns on.
            log.warning("statement file \(id) waits: \(error)")
            return max(tries.downloading[id, default: 0], tries.storing[id, default: 0], 3)
        }
    }
}

/// Why the fetcher's loop woke.
enum FetchWake: Sendable {
    /// Time to look for new files.
    case tick
    /// `getFile` described a file: its size decides when its bytes may come.
    case described(StatementImport, TelegramFile)
    /// A file's download ended, with its bytes or why not.
    case ended(StatementImport, Result<[UInt8], any Error>)
    /// The file's back-off after a failure is over.
    case backedOff(Int64)
    case cancelled

    /// `event` once `duration` has passed on `clock`; `.cancelled` if the task is first.
    static func after(_ duration: Duration, on clock: BotClock, _ event: FetchWake) async -> FetchWake {
        do {
            try await clock.sleeper.sleep(for: duration)
            return event
        } catch {
            return .cancelled
        }
    }
}

/// What the statement fetcher remembers of the files it has not finished, by import id.
struct FetchTries {
    /// Failed downloads: the fifth gives the file up.
    var downloading: [Int64: Int] = [:]
    /// Failed stores of a downloaded file (a full disk): never a reason to give it up.
    var storing: [Int64: Int] = [:]
    /// Bytes downloaded and not stored yet: a file of 20 MB at most for each household.
    var downloaded: [Int64: [UInt8]] = [:]

    static let downloadLimit = 5

    /// The pause after the `count`th failure in a row, in turns (a second): 2, 4, 8, 16, then
    /// 30 s however long it lasts (a full disk may last hours; a try every 30 s costs nothing).
    static func backoff(_ count: Int, turn: Duration) -> Duration {
        min(turn * (1 << min(max(count, 1), 5)), .seconds(30))
    }

    mutating func forget(_ id: Int64) {
        downloading[id] = nil
        storing[id] = nil
        downloaded[id] = nil
    }

    /// Forgets the files no longer waiting to be fetched (given up, or read elsewhere).
    mutating func keep(only waiting: Set<Int64>) {
        downloading = downloading.filter { waiting.contains($0.key) }
        storing = storing.filter { waiting.contains($0.key) }
        downloaded = downloaded.filter { waiting.contains($0.key) }
    }
}
