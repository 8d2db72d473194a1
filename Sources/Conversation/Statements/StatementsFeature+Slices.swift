import Banking
import FoundationEssentials
import Ledger

/// A fetched statement file's bytes, to be parsed (`StatementReading.init`) where the work
/// holds no one up: the bot does it on a thread of its own (`BotRunner.runReadingApart`).
public struct StatementFile: Sendable {
    public let importID: Int64
    let fileName: String
    let data: [UInt8]
    /// When it is read: the last day a row may name.
    let now: Date
}

/// A statement file parsed for the job that reads it in slices: its facts and their roles
/// among the whole file (a hold and the row that settles it, the two sides of a transfer, may
/// fall in different slices), or what is wrong with it.
public struct StatementReading: Sendable {
    public let importID: Int64
    let outcome: Result<Statement, StatementProblem>
    let roles: [FactRole]

    /// Reads `file`: pure, safe on any thread. Cost: linear in the file, bounded by
    /// `StatementReader`'s caps; ~0.7 s for 10,000 rows in a debug build, tens of milliseconds
    /// in release, and a long C call (zlib) for an XLSX: never on the bot's thread or the
    /// cooperative pool.
    public init(_ file: StatementFile) {
        importID = file.importID
        outcome = StatementReader.read(file.data, fileName: file.fileName, now: file.now)
        roles = (try? outcome.get()).map { FactRoles.classify($0.facts) } ?? []
    }

    /// A file whose parsing kept killing the process: damaged, for the job to say so.
    public init(givenUp importID: Int64) {
        self.importID = importID
        outcome = .failure(.damaged(.layout))
        roles = []
    }
}

/// The one statement being read, kept between its slices so the file is parsed once, not once
/// a slice (a 10,000-row file would be parsed twenty times). Memory: one parsed file. Lost
/// with the process: a restart parses the file again and goes on from its stored progress.
final class StatementReadingCache {
    private var reading: StatementReading?
    /// Whether the job has let the reading through the day's limit and the reader's problems.
    private(set) var accepted = false

    /// The file of `importID` parsed before, if it is the one kept.
    func reading(of importID: Int64) -> StatementReading? {
        reading.flatMap { $0.importID == importID ? $0 : nil }
    }

    func keep(_ reading: StatementReading, accepted: Bool) {
        self.reading = reading
        self.accepted = accepted
    }

    func forget() {
        reading = nil
        accepted = false
    }
}

extension StatementsFeature {
    /// Why 100 rows a transaction: other chats' updates are answered between slices, but the
    /// scheduler asks for the next slice at once, so an update may wait behind a few of them.
    /// In the running release bot a row costs ~0.2–0.3 ms (reconciliation, category, entry,
    /// totals): at 500 rows a slice (~0.1–0.16 s) another family's `кава 85` waited up to
    /// 0.56–0.99 s during a 20,000-row import; at 100, 0.39–0.44 s (the import 7.7–8.4 s
    /// instead of 6.2 s; `telegram-bench attacks`). 10,000 rows in one transaction held every
    /// family for seconds.
    static let rowsPerSlice = 100
}

extension StatementProgress {
    /// Adds what a slice brought.
    mutating func add(_ tally: StatementTally) {
        rows += tally.rows
        recorded += tally.recorded
        linked += tally.linked
        attention += tally.attention
        transfers += tally.transfers
        known += tally.known
    }
}

extension StatementTally {
    /// What all the slices so far brought, for the summary.
    init(_ progress: StatementProgress) {
        self.init(rows: progress.rows, recorded: progress.recorded, linked: progress.linked, attention: progress.attention,
                  transfers: progress.transfers, known: progress.known)
    }
}
