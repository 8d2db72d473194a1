import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The bot's ledger leaves its checkpoints to a thread of its own, which copies the WAL into
/// the database as it grows, and has ended, its connection closed, when `stop()` returns.
@Suite struct WALCheckpointerTests {
    let folder = TemporaryDirectory("checkpoints")

    /// 4,000 entries with long notes: past 1,000 pages of WAL.
    func write(_ ledger: Ledger) throws {
        let member = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: .utc)
        for day in 0..<400 {
            try ledger.transaction {
                for number in 0..<10 {
                    _ = try ledger.entries.add([NewEntry(
                        kind: .expense, amount: Money(minorUnits: Int64(100 + number), currency: .uah), category: "cafe",
                        account: nil, date: LocalDate(year: 2026, month: 1, day: 1)!.adding(days: day),
                        note: String(repeating: "кава ", count: 40), originalText: "кава")], by: member)
                }
            }
        }
    }

    @Test func theCheckpointerCopiesTheWALAsTheLedgerWrites() async throws {
        let path = folder.path("a.sqlite")
        let ledger = try Ledger(path: path, clock: .fixed(testNow))
        let checkpointer = WALCheckpointer(path: path)
        ledger.handOverCheckpoints(to: checkpointer)
        Thread.detachNewThread { checkpointer.run() }
        defer { checkpointer.stop() }
        try write(ledger)
        #expect(await eventually { checkpointer.checkpoints > 0 })
        #expect(try ledger.entries.monthTotalsMismatches() == 0)
    }

    /// Its connection closed first, the ledger's is the last: SQLite copies the rest of the WAL
    /// and removes it, so the database file alone holds everything (a copy of it is whole).
    @Test func afterStopTheLedgerClosesLastAndLeavesNoWAL() async throws {
        let path = folder.path("b.sqlite")
        do {
            let ledger = try Ledger(path: path, clock: .fixed(testNow))
            let checkpointer = WALCheckpointer(path: path)
            ledger.handOverCheckpoints(to: checkpointer)
            Thread.detachNewThread { checkpointer.run() }
            try write(ledger)
            #expect(await eventually { checkpointer.checkpoints > 0 })  // Its connection is open.
            checkpointer.stop()
            withExtendedLifetime(ledger) {}  // Closed after the checkpointer's, as in BotCore.
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try Ledger(path: path, clock: .fixed(testNow)).entries.monthTotalsMismatches() == 0)
    }
}
