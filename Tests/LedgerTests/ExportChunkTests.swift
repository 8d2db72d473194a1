import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// An export grows chunk by chunk, one transaction each. Each chunk used to rewrite the whole
/// CSV so far (`csv = csv || ?`), so a household of a million entries wrote some 15 GB for one
/// `/export все`, seconds per chunk at the end, every family's updates waiting behind it.
@Suite struct ExportChunkTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    @Test func aChunkCostsTheSameAtTheEndOfALargeExportAsAtItsStart() throws {
        let owner = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1001, name: "Оля", language: "uk"), timeZone: kyiv)
        let day = LocalDate(year: 2026, month: 11, day: 21)!
        let entry = try ledger.entries.add([NewEntry(kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe",
                                             account: nil, date: day, note: "кава", originalText: "кава 85")], by: owner)[0]
        let id = try ledger.jobs.createExport(member: owner, chatID: 1001, threadID: nil, days: day...day, progressOutboxID: nil,
                                         header: Data("header\r\n".utf8), shownTo: .member(owner.id))
        let job = try #require(try ledger.jobs.unfinishedExports().first { $0.id == id })
        // 2,000 rows of about 60 bytes, as `ConversationHandler.exportChunk` makes them.
        let chunk = Data(String(repeating: "2026-11-21,Оля,expense,85.00,UAH,cafe,Кафе,card,кава\r\n", count: 2_000).utf8)
        var written: [Int] = []
        for _ in 1...30 {
            let before = ledger.pagesWritten
            try ledger.transaction { try ledger.jobs.appendExport(job, csv: chunk, through: entry, rows: 2_000) }
            written.append(ledger.pagesWritten - before)
        }
        let first = try #require(written.first), last = try #require(written.last)
        #expect(last <= first * 2, "pages written per chunk: \(written)")
        let file = try ledger.transaction { try ledger.jobs.finishExport(job) }
        #expect(file == (0..<30).reduce(Data("header\r\n".utf8)) { data, _ in data + chunk })
    }
}
