import FoundationEssentials
import Glibc
import KopiykaCore
import Ledger
import Synchronization

/// `kopiyka bench reports` ends with a backup of its 1,000,000-entry database
/// (`DatabaseBackup`: the copy, then its check) while a writer on another thread adds an
/// entry every millisecond, as a busy bot would: the time it takes (target: under 5 s), and
/// the longest the writer waited meanwhile.
public enum BackupBenchmark {
    public static func run(databasePath: String, folder: URL, print say: (String) -> Void) throws {
        let target = folder.appendingPathComponent("bench-backup.sqlite").path
        var start = ContinuousClock.now, copied = start, total = 0.0
        // The same writer alone first, for as long: what it waits without a backup beside it.
        let baseline = try withWriter(on: databasePath) { () throws -> Void in usleep(3_000_000) }
        let waits = try withWriter(on: databasePath) { () throws -> BackupSummary in
            start = .now
            defer { total = seconds(since: start) }
            return try DatabaseBackup.write(from: databasePath, to: target, now: Date()) { done, all in
                if done == all { copied = .now }
                return true
            }
        }
        let summary = waits.result
        let copy = (copied - start).components
        let copySeconds = Double(copy.seconds) + Double(copy.attoseconds) / 1e18
        say("backup: \(summary.entries) entries, \((Double(summary.bytes) / 1_048_576).fixed(0)) MB, backed up in \(total.fixed(2)) s "
            + "(copy \(copySeconds.fixed(2)) s; check: quick_check and month totals, \((total - copySeconds).fixed(2)) s; "
            + "target under 5 s)")
        say("backup: a writer adding an entry a millisecond beside it: \(waits.summary); alone, 3 s: \(baseline.summary)")
        try? FileManager.default.removeItem(atPath: target)
    }

    /// `body` with a `Writer` on its own thread; the writer's waits, and what `body` returned.
    static func withWriter<T>(on path: String, _ body: () throws -> T) throws -> (result: T, summary: String) {
        let writer = Writer(path: path)
        var thread = pthread_t()
        pthread_create(&thread, nil, { context in
            Unmanaged<Writer>.fromOpaque(context!).takeUnretainedValue().run()
            return nil
        }, Unmanaged.passUnretained(writer).toOpaque())
        while writer.latencies.withLock({ $0.isEmpty }) { usleep(1_000) }
        defer {
            writer.stop.store(true, ordering: .relaxed)
            pthread_join(thread, nil)
        }
        let result = try body()
        var waits = writer.latencies.withLock { $0 }
        waits.sort()
        let p99 = waits.isEmpty ? 0 : waits[min(waits.count - 1, waits.count * 99 / 100)]
        return (result, "\(waits.count) entries, p99 \(p99.fixed(2)) ms, longest \((waits.last ?? 0).fixed(2)) ms")
    }

    /// Adds one entry a millisecond on its own thread and connection until stopped.
    final class Writer: Sendable {
        let path: String
        let stop = Atomic(false)
        let latencies = Mutex<[Double]>([])

        init(path: String) { self.path = path }

        func run() {
            guard let ledger = try? Ledger(path: path), let member = try? ledger.families.member(telegramUserID: 1) else {
                latencies.withLock { $0 = [-1] }
                return
            }
            while !stop.load(ordering: .relaxed) {
                let started = ContinuousClock.now
                _ = try? ledger.entries.add([NewEntry(kind: .expense, amount: Money(major: 85, currency: .uah), category: "cafe",
                                                     account: nil, date: LocalDate(year: 2026, month: 11, day: 21)!,
                                                     note: "кава", originalText: "кава 85")], by: member)
                let waited = seconds(since: started) * 1_000
                latencies.withLock { $0.append(waited) }
                usleep(1_000)
            }
        }
    }
}
