import Banking
import Ledger

/// A statement file parsed for the job that reads it in slices: its facts and their roles
/// among the whole file (a hold and the row that settles it, the two sides of a transfer, may
/// fall in different slices).
struct StatementReading {
    let importID: Int64
    let statement: Statement
    let roles: [FactRole]
}

/// The one statement being read, kept between its slices so the file is parsed once, not once
/// a slice (a 10,000-row file would be parsed twenty times). Memory: one parsed file. Lost
/// with the process: a restart parses the file again and goes on from its stored progress.
final class StatementReadingCache {
    private var reading: StatementReading?

    /// The file of `importID` parsed before, if it is the one kept.
    func reading(of importID: Int64) -> StatementReading? {
        reading.flatMap { $0.importID == importID ? $0 : nil }
    }

    func keep(_ reading: StatementReading) { self.reading = reading }

    func forget() { reading = nil }
}

extension StatementsFeature {
    /// Why 500 rows a transaction: a row takes a few index reads and writes (~0.1 ms), so a
    /// slice holds the bot for tens of milliseconds, and other chats' updates are answered
    /// between slices; 10,000 rows in one transaction held every family for seconds.
    static let rowsPerSlice = 500
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
