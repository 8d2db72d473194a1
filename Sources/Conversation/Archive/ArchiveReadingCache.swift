import Ledger

/// The one archive being taken in slices: its book, parsed once for all of them, and what each
/// slice took, by slice (a slice tried again replaces its count, never adds to it). Memory:
/// one parsed archive. Lost with the process: a restart parses the file again and goes on
/// from the stored progress; the answer then counts only the slices taken since.
final class ArchiveReadingCache {
    private var importID: Int64?
    private var book: ArchiveBook?
    private var takes: [Int: ArchiveTake] = [:]

    func book(of importID: Int64) -> ArchiveBook? {
        self.importID == importID ? book : nil
    }

    func keep(_ book: ArchiveBook, importID: Int64) {
        self.importID = importID
        self.book = book
        takes = [:]
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
        book = nil
        takes = [:]
    }
}
