import Conversation
import HTTP
import Ledger
import TelegramClient

/// A kind of file the bot reads on a thread of its own while the job that takes it waits:
/// statement files and family archives. Reading is the heavy part of either (zlib's inflate,
/// a long C call, and every row: ~0.7 s a 10,000-row CSV in a debug build, ~2.5 s a
/// 100,000-entry archive in release under load); on the bot's thread it held every family's
/// updates, and on the cooperative pool it would hold the pool's threads. The job takes the
/// reading in slices (`StatementsFeature`, `ArchiveFeature`).
struct ReadingApart<File: Sendable, Reading: Sendable>: Sendable {
    /// The attempt rule's key kind (`statement-parse`, `archive-parse`), also the fault
    /// injection's job name for tests.
    let kind: String
    /// For the log: `statement file`, `archive`.
    let what: String
    let importID: @Sendable (File) -> Int64
    let read: @Sendable (File) -> Reading
    /// The reading of a file whose reading kept killing the process: damaged.
    let givenUp: @Sendable (Int64) -> Reading
    let readingID: @Sendable (Reading) -> Int64
    /// The file the job waits for, from the core's conversation.
    let next: @Sendable (ConversationHandler) throws -> File?
    let keep: @Sendable (ConversationHandler, Reading) -> Void

    func key(_ importID: Int64) -> AttemptKey { AttemptKey(kind: kind, subject: importID) }
}

extension ReadingApart where File == StatementFile, Reading == StatementReading {
    static var statements: Self {
        Self(kind: "statement-parse", what: "statement file", importID: \.importID, read: StatementReading.init,
             givenUp: StatementReading.init(givenUp:), readingID: \.importID,
             next: { try $0.statementFileToParse() }, keep: { $0.keep($1) })
    }
}

extension ReadingApart where File == ArchiveFile, Reading == ArchiveReading {
    static var archives: Self {
        Self(kind: "archive-parse", what: "archive", importID: \.importID, read: ArchiveReading.init,
             givenUp: ArchiveReading.init(givenUp:), readingID: \.importID,
             next: { try $0.archiveFileToParse() }, keep: { $0.keep($1) })
    }
}

extension BotRunner {
    /// Reads the statement file, then the archive, their jobs wait for, each on a thread of its
    /// own, and hands the readings to the core. One file at a time; one loop for both, so the
    /// bot looks once a second (`scheduleInterval` in tests), on `configuration.clock`.
    func runReadingApart() async {
        let turn = min(Duration.seconds(1), configuration.scheduleInterval)
        while !Task.isCancelled {
            await readAll(.statements)
            await readAll(.archives)
            do { try await configuration.clock.sleeper.sleep(for: turn) } catch { return }
        }
    }

    private func readAll<File, Reading>(_ apart: ReadingApart<File, Reading>) async {
        do {
            while !Task.isCancelled, let file = try await core.fileToRead(apart) {
                try await core.keepRead(await Self.read(file, apart, faults: configuration.faults), apart)
            }
        } catch {
            log.warning("\(apart.what)s wait to be read: \(error)")
        }
    }

    /// `file` read on a new thread: one a file, so no thread is kept for the rare file.
    static func read<File, Reading>(_ file: File, _ apart: ReadingApart<File, Reading>,
                                    faults: FaultInjection) async -> Reading {
        await withCheckedContinuation { continuation in
            startThread(name: "kopiyka-parse", stackSize: 4 << 20) {
                try? faults.check(apart.key(apart.importID(file)))  // Tests: a trap or a stall here.
                continuation.resume(returning: apart.read(file))
            }
        }
    }
}

extension BotCore {
    /// From now on the statements' and archives' jobs wait for files read by
    /// `BotRunner.runReadingApart`.
    func readFilesApart() {
        conversation.settings.parsesStatementsApart = true
        conversation.settings.parsesArchivesApart = true
    }

    /// The file to read next, its attempt counted first: a reading that kills the process
    /// counts, and after `AttemptRule.limit` deaths the file is kept as given up (the job
    /// tells its member it is damaged) instead of read again.
    func fileToRead<File, Reading>(_ apart: ReadingApart<File, Reading>) throws -> File? {
        guard let file = try apart.next(conversation) else { return nil }
        let id = apart.importID(file)
        let count = try attempts.count(apart.key(id))
        guard count > AttemptRule.limit else { return file }
        log.error("gave up parsing \(apart.what) \(id) after \(count - 1) attempts (each crashed)")
        try keepRead(apart.givenUp(id), apart)
        return nil
    }

    /// A file read apart, for its job; its reading's attempt is cleared.
    func keepRead<File, Reading>(_ reading: Reading, _ apart: ReadingApart<File, Reading>) throws {
        apart.keep(conversation, reading)
        try attempts.clear(apart.key(apart.readingID(reading)))
    }
}
