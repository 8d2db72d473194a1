import Ledger

/// A family archive's bytes, to be read (`ArchiveReading.init`) where the work holds no one
/// up: the bot does it on a thread of its own (`BotRunner.runReadingApart`).
public struct ArchiveFile: Sendable {
    public let importID: Int64
    let data: [UInt8]
}

/// An archive read for the job that takes it in slices: its book, or why it cannot be taken.
public struct ArchiveReading: Sendable {
    public let importID: Int64
    let outcome: Result<ArchiveBook, ArchiveRefusal>

    /// Reads `file`: pure, safe on any thread. Cost: linear in the unpacked archive (bounded
    /// by `ArchiveFiles`' caps), zlib's inflate a long C call, ~2.5 s for 100,000 entries in
    /// release under load: never on the bot's thread or the cooperative pool.
    public init(_ file: ArchiveFile) {
        importID = file.importID
        outcome = ArchiveFiles.book(fromZip: file.data)
    }

    /// An archive whose reading kept killing the process: damaged, for the job to say so.
    public init(givenUp importID: Int64) {
        self.importID = importID
        outcome = .failure(.damaged)
    }
}

/// The one archive being taken in slices: its reading, made once for all of them, and what
/// each slice took, by slice (a slice tried again replaces its count, never adds to it).
/// Memory: one archive. Lost with the process: a restart reads the file again and goes on
/// from the stored progress; the answer then counts only the slices taken since.
final class ArchiveReadingCache {
    private var importID: Int64?
    private var reading: ArchiveReading?
    private var takes: [Int: ArchiveTake] = [:]

    func reading(of importID: Int64) -> ArchiveReading? {
        self.importID == importID ? reading : nil
    }

    func keep(_ reading: ArchiveReading) {
        forget()
        importID = reading.importID
        self.reading = reading
    }

    func record(_ take: ArchiveTake, slice: Int) {
        takes[slice] = take
    }

    /// What the slices took, in order.
    var total: ArchiveTake {
        takes.keys.sorted().reduce(into: ArchiveTake()) { total, slice in takes[slice].map { total.add($0) } }
    }

    func forget() {
        importID = nil
        reading = nil
        takes = [:]
    }
}
