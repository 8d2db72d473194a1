import Banking
import Benchmarks
import EntryParsing
import FoundationEssentials
import Glibc
import KopiykaCore

/// `kopiyka bench [SUITE]... [--entries N]`: performance figures, printed rather than asserted
/// (timed tests flake on shared machines). Build with `-c release` for meaningful numbers.
struct BenchCommand {
    /// Every suite: the usage lists these, and `run` has a case for each.
    enum Suite: String, CaseIterable {
        case parser, reports, statements, savings, charts, archive
    }

    static var suiteNames: [String] { Suite.allCases.map(\.rawValue) }

    var suites: [Suite] = []
    var entries = 1_000_000

    init(options: [String]) throws(ExitError) {
        let arguments = try CommandLineInterface.arguments(options, of: "bench", options: ["--entries"], words: 0...Int.max)
        do {
            entries = try arguments.positiveInt("--entries") ?? entries
        } catch {
            throw CommandLineInterface.usageError("\(error)", of: "bench")
        }
        for word in arguments.words {
            guard let suite = Suite(rawValue: word) else {
                let known = Self.suiteNames.joined(separator: ", ")
                throw CommandLineInterface.usageError("unknown benchmark \(word); known: \(known)", of: "bench")
            }
            suites.append(suite)
        }
        if suites.isEmpty { suites = Suite.allCases }
    }

    func run() throws(ExitError) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kopiyka-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for suite in suites {
                switch suite {
                case .parser:
                    let result = ParserBenchmark.run(seconds: 3)
                    print("parser: \(result.messages) messages, \(result.messagesPerSecond.fixed(0)) messages/s "
                          + "on one core, \((result.nanosecondsPerMessage / 1000).fixed(2)) µs/message")
                    let hostile = ParserBenchmark.hostile()
                    print("parser, hostile 4 KB messages: worst \(hostile.worstMicroseconds.fixed(1)) µs (\(hostile.worst)), "
                          + "average \(hostile.averageMicroseconds.fixed(1)) µs")
                    let recurrence = ParserBenchmark.recurrence(seconds: 1)
                    print("recurrence phrase, read before the parser: \(recurrence.ordinary.fixed(2)) µs/message on these "
                          + "messages, \(recurrence.schedules.fixed(2)) µs on schedules, "
                          + "worst hostile 4 KB \(recurrence.worstHostile.fixed(1)) µs")
                case .savings:
                    try SavingsBenchmark.run(folder: folder) { print($0) }
                case .statements:
                    for figures in StatementBenchmark.run() { print("statement read, \(figures.summary)") }
                    print("statement reconciliation, pure: 10000 facts against 10000 entries in "
                          + "\((StatementBenchmark.reconciliation() * 1e3).fixed(1)) ms")
                    try StatementImportBenchmark.run(folder: folder) { print($0) }
                    try StatementImportBenchmark.coffees(folder: folder) { print($0) }
                case .charts:
                    ChartsBenchmark.run { print($0) }
                case .archive:
                    try ArchiveBenchmark.run(entries: min(entries, 100_000), folder: folder) { print($0) }
                case .reports:
                    try ReportsBenchmark.run(entries: entries, households: max(1, entries / 1_000),
                                             small: min(10_000, entries), folder: folder) { print($0) }
                    try BackupBenchmark.run(databasePath: folder.appendingPathComponent("bench-large.sqlite").path,
                                            folder: folder) { print($0) }
                }
            }
        } catch {
            throw ExitError("the benchmark failed: \(error)")
        }
    }
}
