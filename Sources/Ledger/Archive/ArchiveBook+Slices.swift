/// An archive is taken in slices, each in a transaction of its own, so a big family's years
/// (or a stranger's 20 MB ZIP of a million rows) never hold other families' updates for
/// more than a slice.
extension ArchiveBook {
    /// How many slices of at most `rows` entries and transfers the book is taken in (entries
    /// first, then transfers); one at least.
    public func sliceCount(rows: Int) -> Int {
        let rows = max(1, rows)
        let total = entries.count + transfers.count
        return max(1, total / rows + (total % rows == 0 ? 0 : 1))
    }

    /// Slice `index` of `sliceCount(rows:)`: every slice holds the members and accounts (the
    /// first takes them; the rest find them again, as a second archive would), its `rows` of
    /// the entries followed by the transfers, and the last one everything else, after all
    /// entries and transfers (a savings value names those taken before it). Cost: copies its
    /// part.
    public func slice(_ index: Int, rows: Int) -> ArchiveBook {
        let rows = max(1, rows)
        let first = index * rows
        var slice = self
        slice.entries = Array(entries.dropFirst(first).prefix(rows))
        slice.transfers = Array(transfers.dropFirst(max(0, first - entries.count)).prefix(rows - slice.entries.count))
        if index < sliceCount(rows: rows) - 1 {
            slice.savingsValues = []
            slice.budgets = []
            slice.rates = []
            slice.recurring = []
            slice.rules = []
            slice.quickPins = []
        }
        return slice
    }
}

extension ArchiveTake {
    /// Adds what another slice of the same archive took; a person named by both is named once.
    public mutating func add(_ other: ArchiveTake) {
        taken.merge(other.taken, uniquingKeysWith: +)
        for (kind, count) in other.refused {
            // Every slice meets the book's accounts again, and refuses the same ones.
            refused[kind] = kind == "accounts" ? max(refused[kind] ?? 0, count) : (refused[kind] ?? 0) + count
        }
        already += other.already
        others += other.others.filter { !others.contains($0) }
    }
}
