import Conversation
import Ledger
import TelegramClient

extension BotRunner {
    /// Reads the family archive the archives job waits for, on a thread of its own, then hands
    /// the reading to the core, whose job takes it 1,000 rows a transaction. Reading is the
    /// heavy part of an archive (zlib's inflate, a long C call, and every row's CSV: ~2.5 s
    /// for 100,000 entries in release under load); on the bot's thread it held every family's
    /// updates. One archive at a time; looks every second (`scheduleInterval` in tests), on
    /// `configuration.clock`.
    func runArchiveParsing() async {
        let turn = min(Duration.seconds(1), configuration.scheduleInterval)
        while !Task.isCancelled {
            do {
                while !Task.isCancelled, let file = try await core.archiveFileToParse() {
                    try await core.keepParsed(await Self.parse(file, faults: configuration.faults))
                }
            } catch {
                log.warning("archives wait to be read: \(error)")
            }
            do { try await configuration.clock.sleeper.sleep(for: turn) } catch { return }
        }
    }

    /// `file` read on a new thread: one an archive, so no thread is kept for the rare one.
    static func parse(_ file: ArchiveFile, faults: FaultInjection) async -> ArchiveReading {
        await withCheckedContinuation { continuation in
            startThread(name: "kopiyka-archive", stackSize: 4 << 20) {
                try? faults.check(BotCore.archiveParseKey(file.importID))  // Tests: a trap or a stall here.
                continuation.resume(returning: ArchiveReading(file))
            }
        }
    }
}

extension BotCore {
    /// From now on the archives job waits for archives read by `BotRunner.runArchiveParsing`.
    func parseArchivesApart() {
        conversation.settings.parsesArchivesApart = true
    }

    /// The archive to read next, its attempt counted first: a reading that kills the process
    /// counts, and after `AttemptRule.limit` deaths the archive is kept as given up (the job
    /// tells its sender it is damaged) instead of read again.
    func archiveFileToParse() throws -> ArchiveFile? {
        guard let file = try conversation.archiveFileToParse() else { return nil }
        let key = Self.archiveParseKey(file.importID)
        let count = try attempts.count(key)
        guard count > AttemptRule.limit else { return file }
        log.error("gave up reading archive \(file.importID) after \(count - 1) attempts (each crashed)")
        try keepParsed(ArchiveReading(givenUp: file.importID))
        return nil
    }

    /// An archive read apart, for the job; its reading's attempt is cleared.
    func keepParsed(_ reading: ArchiveReading) throws {
        conversation.keep(reading)
        try attempts.clear(Self.archiveParseKey(reading.importID))
    }

    static func archiveParseKey(_ importID: Int64) -> AttemptKey { AttemptKey(kind: "archive-parse", subject: importID) }
}
