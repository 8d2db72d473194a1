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

    /// The hostile case: `count` typed `кава 85` on one day and a statement of `count` such
    /// rows that day (3,000 are a 200 KB file). Every row could be every entry, so each asks;
    /// the figure is how long the statements job holds the bot.
    public static func coffees(count: Int = 3_000, folder: URL, print say: (String) -> Void) throws {
        let home = try BenchHousehold(folder: folder, name: "coffees")
        let (ledger, handler, member) = (home.ledger, home.handler, home.member)
        let day = home.today.adding(days: -1)
        let coffee = NewEntry(kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe", account: nil,
                              date: day, note: "кава", originalText: "кава 85", isPrivate: false)
        try ledger.transaction { _ = try ledger.entries.add(Array(repeating: coffee, count: count), by: member) }
        var csv = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
            + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n"
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        for i in 0..<count {
            csv += "\(pad(day.day)).\(pad(day.month)).\(day.year) \(pad(8 + i / 3_600 % 12)):\(pad(i / 60 % 60)):\(pad(i % 60)),"
                + "Кава,5814,-85.00,-85.00,UAH,—,—,—,\(100_000 + i).00\n"
        }
        let importID = try ledger.statements.addImport(member: member, chatID: 1, fileID: "bench", fileName: "coffees.csv",
                                                       progressOutboxID: nil)
        try ledger.statements.storeFetched(importID, data: Array(csv.utf8))
        guard let source = ConversationHandler.jobSources.first(where: { $0.name == "statements" }) else { return }
        let start = ContinuousClock.now
        for job in try handler.dueJobs(source) { try ledger.transaction { try job.perform() } }
        let seconds = seconds(since: start)
        say("statement import, hostile: \(count) rows of кава 85 (\(csv.utf8.count / 1_024) KB) against \(count) typed on one day "
            + "in \((seconds * 1e3).fixed(0)) ms; \(try ledger.statements.waitingCount(memberID: member.id)) wait for the member")
    }
}

