import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// The start-up check on the real binary: a damaged database is refused before the bot
/// takes a single update (it used to start, and lose the first update that read a bad page).
@Suite(.serialized) struct DatabaseCheckTests {
    let folder = TemporaryDirectory("check")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }

    init() throws { try fake.start() }

    func kopiyka() -> KopiykaProcess {
        KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "info",
        ], workingDirectory: folder.url)
    }

    @Test func aDamagedDatabaseIsRefusedWithAClearLineAndExit78() async throws {
        defer { fake.stop() }
        let pages = try bookWithEntries(3_000)
        try damagePages([pages / 3, pages / 2, 2 * pages / 3], of: databasePath)
        fake.enqueueMessage(chatID: 901, text: "кава 85")

        let bot = try kopiyka().start(["run"])
        let termination = await bot.termination(within: .seconds(15))
        #expect(termination == .exited(78), "\(String(describing: termination)); stderr: \(bot.stderr)")
        #expect(bot.stderr.contains("\(databasePath) is damaged"))
        #expect(bot.stderr.contains("restore a backup"))
        #expect(fake.requests(method: "getUpdates").isEmpty)
        #expect(fake.pendingUpdateCount == 1)
    }

    /// A failing disk that zeroes the first page takes SQLite's header with it: SQLite calls
    /// the file "not a database", and restarting cannot mend that either.
    @Test func aDatabaseWithItsFirstPageZeroedIsRefusedWithExit78() async throws {
        defer { fake.stop() }
        _ = try bookWithEntries(100)
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: databasePath))
        try file.write(contentsOf: Data(count: 4096))
        try file.close()
        let bot = try kopiyka().start(["run"])
        let termination = await bot.termination(within: .seconds(15))
        #expect(termination == .exited(78), "\(String(describing: termination)); stderr: \(bot.stderr)")
        #expect(bot.stderr.contains("is not a Kopiyka database"))
        #expect(fake.requests(method: "getUpdates").isEmpty)
    }

    @Test func aSoundDatabaseIsCheckedAndTheBotStarts() async throws {
        defer { fake.stop() }
        _ = try bookWithEntries(3_000)
        let bot = try kopiyka().start(["run"])
        #expect(await eventually { !fake.requests(method: "getUpdates").isEmpty })
        #expect(bot.stderr.contains("SQLite quick_check"))
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(5)) == .exited(0))
    }

    /// A ledger of one household with `count` entries, closed; returns its size in pages.
    private func bookWithEntries(_ count: Int) throws -> Int {
        do {
            let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
            let member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 900, name: "Оля", language: "uk"),
                                                    timeZone: kyiv)
            try ledger.transaction {
                for index in 1...count {
                    _ = try ledger.entries.add([NewEntry(kind: .expense, amount: Money(major: Int64(index), currency: .uah),
                                                 category: "cafe", account: nil, date: LocalDate(testNow, in: kyiv),
                                                 note: "кава \(index)", originalText: "кава \(index)")], by: member)
                }
            }
        }
        return try Connection(path: databasePath).pageCount()
    }
}
