import FoundationEssentials
import Ledger
import TelegramClient

extension BotRunner {
    /// Downloads the statement files members send, outside any update: `getFile`, then the
    /// file, its bytes kept in the database for the job that reads them. A file Telegram will
    /// not give (past 20 MB, an unknown id) is given up at once and its member told; a network
    /// failure (a download past `configuration.downloadTimeout`, or `downloadStall` without a
    /// byte, included) is tried again, five times at most, a second apart and then longer.
    /// Looks for new files every second, on `configuration.clock`.
    ///
    /// A file downloaded that the database cannot take yet (a full disk, a lock:
    /// `AttemptRule.isTransient`) is no failed download: its bytes wait in memory, and storing
    /// them is tried again, backing off to 30 s, for as long as that lasts. Waiting out a full
    /// disk never gives a file up, nor downloads it again.
    func runStatementFetching(_ api: BotAPI) async {
        var tries = FetchTries()
        let turn = min(Duration.seconds(1), configuration.scheduleInterval)
        while !Task.isCancelled {
            var delay = turn
            do {
                let files = try await core.statementsToFetch()
                tries.keep(only: Set(files.map(\.id)))
                for statementImport in files where !Task.isCancelled {
                    if let failures = try await fetch(statementImport, api: api, tries: &tries) {
                        delay = max(delay, FetchTries.backoff(failures, turn: turn))
                    }
                }
            } catch {
                log.warning("statement files wait: \(error)")
                delay = .seconds(5)
            }
            do { try await configuration.clock.sleeper.sleep(for: delay) } catch { return }
        }
    }

    /// One file's turn: downloaded (unless its bytes wait already) and stored. Returns how many
    /// times in a row it failed when it is to be tried again, nil when it is done (kept or
    /// given up); throws only what giving it up threw.
    private func fetch(_ statementImport: StatementImport, api: BotAPI, tries: inout FetchTries) async throws -> Int? {
        let id = statementImport.id
        do {
            let data: [UInt8]
            if let downloaded = tries.downloaded[id] {
                data = downloaded
            } else {
                data = Array(try await api.download(try await api.getFile(fileID: statementImport.fileID),
                                                    timeout: configuration.downloadTimeout, stall: configuration.downloadStall))
                tries.downloaded[id] = data
            }
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
    }
}

/// What the statement fetcher remembers of the files it has not finished, by import id.
struct FetchTries {
    /// Failed downloads: the fifth gives the file up.
    var downloading: [Int64: Int] = [:]
    /// Failed stores of a downloaded file (a full disk): never a reason to give it up.
    var storing: [Int64: Int] = [:]
    /// Bytes downloaded and not stored yet. At most `statementsToFetch`' ten files of 20 MB.
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
