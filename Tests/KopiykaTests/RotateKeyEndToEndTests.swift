import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `kopiyka rotate-key` on the binary: refused while the bot holds the database, then every
/// token sealed under a new key; it prints counts, never a token.
@Suite(.serialized) struct RotateKeyEndToEndTests {
    let folder = TemporaryDirectory("rotate-e2e")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }
    static let token = "uA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz01234"

    init() throws { try fake.start() }

    @Test func rotateKeyWaitsForTheBotToStopThenResealsEveryToken() async throws {
        defer { fake.stop() }
        do {
            let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
            let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
            #expect(try ledger.monobank.connect(memberID: olha.id, chatID: 1, token: Self.token, messageOutboxID: 1))
        }
        let oldKey = try Data(contentsOf: URL(fileURLWithPath: databasePath + ".key"))
        let settings = ["BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath, "BACKUP_DIR": "off"]
        let kopiyka = KopiykaProcess(environment: settings, workingDirectory: folder.url)

        let bot = try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url, environment: ["BACKUP_DIR": "off"])
        #expect(await eventually { !fake.requests(method: "getUpdates").isEmpty })
        let refused = try kopiyka.run(["rotate-key"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("in use by another kopiyka"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath + ".key")) == oldKey)
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0))

        let rotated = try kopiyka.run(["rotate-key"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        #expect(rotated.stdout.contains("sealed 1 Monobank tokens under a new key in \(databasePath).key"))
        #expect(!(rotated.stdout + rotated.stderr).contains(Self.token))
        #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath + ".key")) != oldKey)
        #expect(try Ledger(path: databasePath, clock: .fixed(testNow)).monobank.feedSources().map(\.token) == [Self.token])
    }
}
