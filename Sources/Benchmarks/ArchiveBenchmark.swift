import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// `kopiyka bench archive`: `/export все` for a household with `entries` entries over three
/// years (the ZIP made and queued, in the update), its size, and the same ZIP taken into an
/// empty household of another database by the archives job, a slice a transaction.
public enum ArchiveBenchmark {
    public static func run(entries count: Int = 100_000, folder: URL, print say: (String) -> Void) throws {
        let home = try BenchHousehold(folder: folder, name: "archive")
        let (ledger, member, today) = (home.ledger, home.member, home.today)
        let categories = Array(CategoryKey.expenses.prefix(5))
        var inserted = 0
        while inserted < count {
            try ledger.transaction {
                for _ in 0..<min(5_000, count - inserted) {
                    _ = try ledger.entries.add([NewEntry(
                        kind: .expense, amount: Money(minorUnits: Int64(1_000 + inserted % 200_000), currency: .uah),
                        category: categories[inserted % categories.count], account: nil, date: today.adding(days: -(inserted % 1_095)),
                        note: "кава на розі", originalText: "кава на розі 85")], by: member)
                    inserted += 1
                }
            }
        }
        let message = IncomingMessage(chat: ChatRef(id: 1, kind: .privateChat), sender: Sender(id: 1, firstName: "Оля"), text: "/export все")
        let start = ContinuousClock.now
        try home.handler.handle(message)
        let exportSeconds = seconds(since: start)
        var zip = Data()
        for item in try ledger.outbox.pending(limit: 10) {
            if case .document(_, let data, _) = item.content { zip = data }
        }
        say("archive: /export все of \(count) entries in \((exportSeconds * 1e3).fixed(0)) ms, a ZIP of \(zip.count / 1024) KB")

        let other = try BenchHousehold(folder: folder, name: "archive-import")
        let importID = try other.ledger.statements.addImport(member: other.member, chatID: 1, fileID: "bench", fileName: "a.zip",
                                                             progressOutboxID: nil, isArchive: true)
        try other.ledger.statements.storeFetched(importID, data: Array(zip))
        let importStart = ContinuousClock.now
        guard let source = ConversationHandler.jobSources.first(where: { $0.name == "archives" }) else { return }
        var steps: [Double] = []
        while case let jobs = try other.handler.dueJobs(source), !jobs.isEmpty {
            for job in jobs {
                let stepStart = ContinuousClock.now
                try other.ledger.transaction { try job.perform() }
                steps.append(seconds(since: stepStart))
            }
        }
        let importSeconds = seconds(since: importStart)
        say("archive: the ZIP taken into an empty household in \((importSeconds * 1e3).fixed(0)) ms, "
            + "\(try other.ledger.entries.count(householdID: other.member.householdID)) entries, in \(steps.count) slices; "
            + "the first (the ZIP read) \(((steps.first ?? 0) * 1e3).fixed(0)) ms, "
            + "the longest after it \(((steps.dropFirst().max() ?? 0) * 1e3).fixed(0)) ms")
    }
}
