import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

@Suite struct CorrectionTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let today = LocalDate(year: 2026, month: 11, day: 21)!

    func member() throws -> Member {
        try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
    }

    func add(_ minor: Int64, _ date: LocalDate? = nil, by member: Member) throws -> Entry {
        try ledger.entries.add([NewEntry(kind: .expense, amount: Money(minorUnits: minor, currency: .uah), category: "cafe",
                                 account: .cash, date: date ?? today, note: "кава", originalText: "кава")], by: member)[0]
    }

    @Test func aDeletedEntryComesBackExactlyWithinTheWindow() throws {
        let olha = try member()
        let entry = try add(8500, by: olha)
        #expect(try ledger.entries.delete(entryID: entry.id) == entry)
        #expect(try ledger.entries.entry(id: entry.id) == nil)
        #expect(try ledger.entries.deleted(id: entry.id) == entry)
        #expect(try ledger.entries.monthTotals(householdID: olha.householdID, months: YearMonth(today)...YearMonth(today)).isEmpty)
        #expect(try ledger.entries.restore(entryID: entry.id, deletedSince: testNow.addingTimeInterval(1)) == nil)
        #expect(try ledger.entries.restore(entryID: entry.id, deletedSince: testNow.addingTimeInterval(-600)) == entry)
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
        #expect(try ledger.entries.restore(entryID: entry.id, deletedSince: testNow.addingTimeInterval(-600)) == nil)
    }

    /// A note with a NUL (a statement's cell, a hostile update) comes back from an undo as it
    /// was stored: the deleted row is kept as JSON, whose reader stops at a NUL.
    @Test func aNoteWithANULComesBackFromAnUndoAsStored() throws {
        let olha = try member()
        let entry = try ledger.entries.add([NewEntry(kind: .expense, amount: Money(minorUnits: 8500, currency: .uah), category: "cafe",
                                                     account: .cash, date: today, note: "кава\u{0}латте", originalText: "85 кава\u{0}латте")],
                                           by: olha)[0]
        let stored = try #require(try ledger.entries.entry(id: entry.id))
        try ledger.entries.delete(entryID: entry.id)
        #expect(try ledger.entries.deleted(id: entry.id) == stored)
        #expect(try ledger.entries.restore(entryID: entry.id, deletedSince: testNow.addingTimeInterval(-600)) == stored)
    }

    @Test func theLatestEntrysIDIsNotGivenAgainAfterItIsDeletedOrRestored() throws {
        let olha = try member()
        let first = try add(100, by: olha)
        try ledger.entries.delete(entryID: first.id)
        let second = try add(200, by: olha)
        #expect(second.id > first.id)
        #expect(try ledger.entries.restore(entryID: first.id, deletedSince: testNow.addingTimeInterval(-600)) == first)
        try ledger.entries.delete(entryID: second.id)
        _ = try ledger.entries.restore(entryID: second.id, deletedSince: testNow.addingTimeInterval(-600))
        try ledger.entries.delete(entryID: second.id)
        #expect(try add(300, by: olha).id > second.id)
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }

    /// Whatever path removes the latest entry, even one that keeps no restorable copy, its id
    /// is not given again: SQLite records it as it deletes.
    @Test func anEntryDeletedByAnyPathKeepsItsIDFromTheNext() throws {
        let olha = try member()
        _ = try add(100, by: olha)
        let latest = try add(200, by: olha)
        let other = try Connection(path: test.path)
        try other.execute("DELETE FROM entries WHERE id >= ?", latest.id - 1)
        #expect(try add(300, by: olha).id == latest.id + 1)
        try other.execute("DELETE FROM entries")
        #expect(try add(400, by: olha).id == latest.id + 2)
    }

    @Test func anExportStreamsInDateOrderAndResumes() throws {
        let olha = try member()
        for day in [5, 1, 3, 3, 2] { _ = try add(Int64(day * 100), LocalDate(year: 2026, month: 11, day: day), by: olha) }
        _ = try add(999, LocalDate(year: 2026, month: 10, day: 31), by: olha)
        let november = YearMonth(today)
        try ledger.jobs.createExport(member: olha, chatID: 1, threadID: nil, days: november.days, progressOutboxID: nil,
                                header: Data("h\n".utf8), shownTo: .member(olha.id))
        var job = try #require(try ledger.jobs.unfinishedExports().first)
        #expect(job.rowsTotal == 5)
        var dates: [Int] = []
        while true {
            let chunk = try ledger.jobs.nextExportEntries(job, limit: 2, shownTo: .member(olha.id))
            guard let last = chunk.last else { break }
            dates += chunk.map(\.date.day)
            try ledger.jobs.appendExport(job, csv: Data(chunk.map { "\($0.date.day)\n" }.joined().utf8), through: last, rows: chunk.count)
            job = try #require(try ledger.jobs.unfinishedExports().first)  // as after a restart
        }
        #expect(dates == [1, 2, 3, 3, 5])
        #expect(job.rowsDone == 5)
        #expect(String(decoding: try ledger.jobs.finishExport(job), as: UTF8.self) == "h\n1\n2\n3\n3\n5\n")
        #expect(try ledger.jobs.unfinishedExports().isEmpty)
    }
}
