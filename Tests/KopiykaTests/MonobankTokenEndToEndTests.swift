import Foundation
import KopiykaTestSupport
import Ledger
import Testing

/// The built `kopiyka run` against the fake Bot API and the fake bank: a Monobank token posted
/// among words in the family group is deleted there and taken by no one; one brought by an
/// edit into a private message that made an entry is taken (the bank sees it) and its message
/// deleted, and the entry stays as typed. After SIGTERM, neither the database, its WAL, the
/// log nor any request to Telegram holds the token.
@Suite(.serialized) struct MonobankTokenEndToEndTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    let folder = TemporaryDirectory("monobank-token")
    let fake = FakeBotAPI()
    let bank = FakeMonobankAPI()
    let olha: Int64 = 801
    let group: Int64 = -100_801
    var databasePath: String { folder.path("kopiyka.sqlite") }

    init() throws {
        try fake.start()
        try bank.start()
    }

    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func deleted(_ messageID: Int, in chatID: Int64) -> Bool {
        fake.deletedMessages.contains(FakeDeletedMessage(chatID: chatID, messageID: messageID))
    }

    /// Every file of the bot's folder, the database's `-wal` and `-shm`, the bot's log and its
    /// daily backups included: none holds the token. Returns their names.
    @discardableResult
    func expectNoTokenInFiles(_ when: String) throws -> [String] {
        let names = (FileManager.default.enumerator(atPath: folder.url.path)?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.path($0), isDirectory: &isFolder) && !isFolder.boolValue
        }
        for name in names {
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent(name))
            #expect(bytes.firstRange(of: Data(Self.token.utf8)) == nil, "\(name) holds the token in clear \(when)")
        }
        return names
    }

    @Test func aTokenInTheGroupOrAnEditGoesAndIsStoredNowhereInClear() async throws {
        defer { fake.stop(); bank.stop() }
        let token = Self.token
        bank.add(token: token, FakeMonobankAPI.Client(name: "Оля", accounts: [("acc-uah", 980, "537541******1234")]))
        let bot = try KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "MONOBANK_API_URL": bank.baseURL, "NBU_API_URL": "off",
            "DATABASE_PATH": databasePath, "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "debug",
        ], workingDirectory: folder.url).start(["run"])
        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        #expect(await eventually { plain(group).first?.contains("сімейний чат") == true })
        fake.enqueueMessage(chatID: olha, text: "кава 85", firstName: "Оля", messageID: 11)
        #expect(await eventually { plain(olha).last == "✅ кава · 85 ₴ · Кафе · картка" }, "\(plain(olha))")
        let groupPosts = plain(group).count

        fake.enqueueMessage(chatID: group, text: "ось мій токен: \(token) дякую", fromID: olha, firstName: "Оля", messageID: 12)
        #expect(await eventually { deleted(12, in: group) && plain(olha).last?.contains("відкличте його") == true },
                "\(plain(olha).last ?? "")")
        #expect(bank.requests.isEmpty, "a token a group saw is not taken")

        fake.enqueueEdit(chatID: olha, messageID: 11, text: "кава 85 \(token)", firstName: "Оля")
        #expect(await eventually { deleted(11, in: olha) })
        #expect(await eventually(timeout: .seconds(20)) { plain(olha).last?.contains("Монобанк підключено") == true },
                "\(plain(olha))")
        #expect(bank.requests.first?.token == token, "taken as her connection")
        #expect(plain(group).count == groupPosts, "nothing of it reached the group")

        #expect(try expectNoTokenInFiles("while it runs").contains("kopiyka.sqlite-wal"))
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")
        #expect(try expectNoTokenInFiles("after it stopped").contains("kopiyka.sqlite"))
        let ledger = try Ledger(path: databasePath)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        let entries = try ledger.entries.recent(householdID: member.householdID, limit: 10)
        #expect(entries.map(\.note) == ["кава"] && entries.map(\.originalText) == ["кава 85"], "the entry stays as typed")
        #expect(!bot.stderr.contains(token))
        #expect(!fake.requests(method: "sendMessage").contains { $0.parameters.values.contains { $0.contains(token) } })
        #expect(!fake.requests(method: "editMessageText").contains { $0.parameters.values.contains { $0.contains(token) } })
    }
}
