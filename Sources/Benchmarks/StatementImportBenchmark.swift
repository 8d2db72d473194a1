import Banking
import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// `kopiyka bench statements`, the whole import: a 10,000-row Monobank statement read by the
/// statements job into a household that already has 10,000 typed entries (half of them the
/// statement's own purchases), on a SQLite file, in the slices the job runs in, a transaction
/// each. The figures: what a member waits between the file arriving and its summary, and the
/// longest slice, which every other chat's update may wait behind.
public enum StatementImportBenchmark {
    public static func run(rows: Int = 10_000, typed: Int = 10_000, folder: URL, print say: (String) -> Void) throws {
        let home = try BenchHousehold(folder: folder, name: "import")
        let (ledger, handler, member, kyiv) = (home.ledger, home.handler, home.member, home.zone)
        let csv = StatementBenchmark.monobankCSV(rows: rows)
        guard case .success(let statement) = StatementReader.read(csv, fileName: "bench.csv", now: StatementBenchmark.readAt) else {
            return say("statement import: the benchmark's statement did not read")
        }
        var random = SplitMix64(seed: 7)
        let entries = (0..<typed).map { i -> NewEntry in
            let fact = statement.facts[i % statement.facts.count]
            let sameAsBank = i % 2 == 0 && i < statement.facts.count
            let amount = sameAsBank ? -fact.amount.minorUnits : Int64(random.next() % 500_000) + 1
            let date = sameAsBank ? LocalDate(fact.time, in: kyiv) : LocalDate(year: 2026, month: 10, day: Int(random.next() % 28) + 1)!
            return NewEntry(kind: .expense, amount: Money(minorUnits: amount, currency: .uah), category: "groceries", account: nil,
                            date: date, note: "продукти", originalText: "", isPrivate: false)
        }
        try ledger.transaction { _ = try ledger.entries.add(entries, by: member) }
        let importID = try ledger.statements.addImport(member: member, chatID: 1, fileID: "bench", fileName: "bench.csv",
                                                       progressOutboxID: nil)
        try ledger.statements.storeFetched(importID, data: csv)
        guard let source = ConversationHandler.jobSources.first(where: { $0.name == "statements" }) else { return }
        let start = ContinuousClock.now
        var (slices, longest) = (0, 0.0)
        // One job a slice, each in its own transaction, as the scheduler runs them.
        while slices <= rows, let job = try handler.dueJobs(source).first {
            let sliceStart = ContinuousClock.now
            try ledger.transaction { try job.perform() }
            longest = max(longest, seconds(since: sliceStart))
            slices += 1
        }
        let seconds = seconds(since: start)
        let after = try ledger.entries.count(householdID: member.householdID)
        say("statement import: \(rows) rows into a household of \(typed) entries in \((seconds * 1e3).fixed(0)) ms "
            + "(\((Double(rows) / seconds).fixed(0)) rows/s) in \(slices) slices, the longest \((longest * 1e3).fixed(0)) ms; "
            + "\(after - typed) entries recorded from it, "
            + "\(try ledger.statements.facts(householdID: member.householdID, state: .linked, limit: rows).count) linked to typed ones")
    }
}
