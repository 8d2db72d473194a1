import FoundationEssentials
import Ledger
import TelegramClient

extension BotRunner {
    /// Downloads the statement files members send, outside any update: `getFile`, then the
    /// file, its bytes kept in the database for the job that reads them. A file Telegram will
    /// not give (past 20 MB, an unknown id) is given up at once and its member told; a network
    /// failure is tried again, five times at most, a second apart and then longer. Looks for
    /// new files every second, on `configuration.clock`.
    func runStatementFetching(_ api: BotAPI) async {
        var failures: [Int64: Int] = [:]
        while !Task.isCancelled {
            var delay = min(Duration.seconds(1), configuration.scheduleInterval)
            do {
                for statementImport in try await core.statementsToFetch() where !Task.isCancelled {
                    do {
                        let data = try await api.download(try await api.getFile(fileID: statementImport.fileID))
                        try await core.storeFetched(statementImport, data: Array(data))
                        failures[statementImport.id] = nil
                    } catch let error as BotAPIError where error.isFileTooLarge {
                        try await core.failFetch(statementImport, problem: "too_large")
                    } catch {
                        let count = (failures[statementImport.id] ?? 0) + 1
                        failures[statementImport.id] = count
                        let permanent = if case .badRequest = BotAPIFailure(error) { true } else { false }
                        log.warning("statement file \(statementImport.id) not fetched (\(count) tries): \(api.redact(String(describing: error)))")
                        if permanent || count >= 5 {
                            try await core.failFetch(statementImport, problem: "unavailable")
                            failures[statementImport.id] = nil
                        } else {
                            delay = min(delay * (1 << count), .seconds(30))
                        }
                    }
                }
            } catch {
                log.warning("statement files wait: \(error)")
                delay = .seconds(5)
            }
            do { try await configuration.clock.sleeper.sleep(for: delay) } catch { return }
        }
    }
}
