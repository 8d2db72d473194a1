import Conversation
import Ledger
import TelegramClient

extension BotRunner {
    /// Parses the fetched statement file the reading job waits for, on a thread of its own,
    /// then hands the reading to the core, whose job reads it 100 rows a transaction. Parsing
    /// is the heavy part of a file (~0.7 s a 10,000-row CSV in a debug build, and zlib's
    /// inflate, a long C call, for an XLSX): on the bot's thread it held every family's
    /// updates, and on the cooperative pool it would hold the pool's threads. One file at a
    /// time (`BotCore.parseStatementsApart` makes the job wait for it); looks every second (`scheduleInterval` in tests), on `configuration.clock`.
    func runStatementParsing() async {
        let turn = min(Duration.seconds(1), configuration.scheduleInterval)
        while !Task.isCancelled {
            do {
                while !Task.isCancelled, let file = try await core.statementFileToParse() {
                    try await core.keepParsed(await Self.parse(file, faults: configuration.faults))
                }
            } catch {
                log.warning("statement files wait to be parsed: \(error)")
            }
            do { try await configuration.clock.sleeper.sleep(for: turn) } catch { return }
        }
    }

    /// `file` parsed on a new thread: one a file, so no thread is kept for the rare file.
    static func parse(_ file: StatementFile, faults: FaultInjection) async -> StatementReading {
        await withCheckedContinuation { continuation in
            startThread(name: "kopiyka-parse", stackSize: 4 << 20) {
                try? faults.check(BotCore.parseKey(file.importID))  // Tests: a trap or a stall here.
                continuation.resume(returning: StatementReading(file))
            }
        }
    }
}
