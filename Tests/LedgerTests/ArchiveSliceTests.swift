@testable import Ledger
import Testing

/// An archive taken in slices is taken exactly as if at once: each entry and transfer in one
/// slice, everything else in the last, and the slices' counts adding up to the whole.
@Suite struct ArchiveSliceTests {
    static func book(entries: Int, transfers: Int) -> ArchiveBook {
        ArchiveBook(
            format: ArchiveBook.currentFormat, origin: "o", createdAt: "2026-12-07T19:30:00.000Z", memberID: 1,
            baseCurrency: "UAH", timeZone: "Europe/Kyiv", members: [], accounts: [],
            entries: (0..<entries).map {
                ArchiveEntry(id: Int64($0), memberID: 1, kind: "expense", amountMinor: 8_500, currency: "UAH", baseMinor: 8_500,
                             category: "cafe", accountID: 1, date: "2026-12-07", createdAt: "", note: "", isPrivate: false)
            },
            transfers: (0..<transfers).map {
                ArchiveTransfer(id: Int64($0), memberID: 1, fromAccountID: 1, toAccountID: 2, amountMinor: 100, currency: "UAH",
                                receivedMinor: 100, receivedCurrency: "UAH", date: "2026-12-07", createdAt: "", note: "")
            },
            savingsValues: [], budgets: [ArchiveBudget(category: "", limitMinor: 100)], rates: [], recurring: [], rules: [],
            quickPins: [])
    }

    @Test(arguments: [(0, 0, 1), (1, 0, 1), (1_000, 0, 1), (1_001, 0, 2), (2_500, 1_200, 4), (999, 2, 2), (0, 3, 1)])
    func everyRowIsInOneSliceAndTheRestInTheLast(_ entries: Int, _ transfers: Int, _ slices: Int) {
        let book = Self.book(entries: entries, transfers: transfers)
        #expect(book.sliceCount(rows: 1_000) == slices)
        let parts = (0..<slices).map { book.slice($0, rows: 1_000) }
        #expect(parts.flatMap(\.entries).map(\.id) == book.entries.map(\.id))
        #expect(parts.flatMap(\.transfers).map(\.id) == book.transfers.map(\.id))
        #expect(parts.allSatisfy { $0.entries.count + $0.transfers.count <= 1_000 })
        #expect(parts.map(\.budgets.count) == Array(repeating: 0, count: slices - 1) + [1], "the rest with the last")
    }

    @Test func slicesAddUpAndNameAPersonOnce() {
        func take(_ taken: [String: Int], _ already: Int, _ refused: [String: Int], _ others: [String]) -> ArchiveTake {
            var take = ArchiveTake()
            (take.taken, take.already, take.refused, take.others) = (taken, already, refused, others)
            return take
        }
        var total = ArchiveTake()
        total.add(take(["entries": 1_000, "accounts": 2], 3, ["accounts": 1], ["Тарас"]))
        total.add(take(["entries": 500], 1, ["accounts": 1, "entries": 2], ["Тарас", "Іра"]))
        #expect(total == take(["entries": 1_500, "accounts": 2], 4, ["accounts": 1, "entries": 2], ["Тарас", "Іра"]))
    }
}
