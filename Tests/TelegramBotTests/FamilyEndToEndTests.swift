import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// Issue 5 as a family lives it, on the fake Bot API through the real libcurl client: two
/// people in two private chats and one family group.
@Suite(.serialized) struct FamilyEndToEndTests {
    let folder = TemporaryDirectory("family")
    let fake = FakeBotAPI()
    let clock = TestClock()
    let olha: Int64 = 701, taras: Int64 = 702, outsider: Int64 = 799, group: Int64 = -1_001_234_567

    init() throws { try fake.start() }

    func texts(_ chat: Int64) -> [String] {
        fake.sentMessages(chatID: chat).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func addBot(to chat: Int64, by user: Int64) {
        fake.enqueue(updateJSON: """
            {"update_id": 0, "my_chat_member": {"chat": {"id": \(chat), "type": "supergroup", "title": "Сімʼя"},
             "from": {"id": \(user), "is_bot": false, "first_name": "Оля", "language_code": "uk"}, "date": 1795248000,
             "old_chat_member": {"user": {"id": 1, "is_bot": true, "first_name": "bot"}, "status": "left"},
             "new_chat_member": {"user": {"id": 1, "is_bot": true, "first_name": "bot"}, "status": "member"}}}
            """)
    }

    @Test func aFamilyOnTelegram() async throws {
        let path = folder.path("family.sqlite")
        var bot = try RunningBot(fake: fake, databasePath: path, clock: clock.wallClock)

        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueMessage(chatID: olha, text: "/invite", firstName: "Оля")
        #expect(await eventually { texts(olha).count == 2 })
        let invite = texts(olha)[1]
        let link = try #require(invite.range(of: #"https://t\.me/kopiyka_test_bot\?start=join_[A-Za-z0-9]{12}"#, options: .regularExpression))
        let payload = String(invite[link].split(separator: "=")[1])

        fake.enqueueMessage(chatID: taras, text: "/start \(payload)", firstName: "Тарас")
        #expect(await eventually { texts(taras).first?.contains("Вітаємо в родині") == true })
        #expect(await eventually { texts(olha).contains { $0.contains("Тарас тепер у родині") } })

        addBot(to: group, by: olha)
        #expect(await eventually { texts(group).first?.contains("сімейний чат") == true })

        fake.enqueueMessage(chatID: olha, text: "кава 85 картка", firstName: "Оля")
        #expect(await eventually { texts(group).count == 2 })
        fake.enqueueMessage(chatID: olha, text: "таксі 120", firstName: "Оля")
        #expect(await eventually { texts(group).count == 2 && texts(group)[1].contains("таксі") })
        #expect(texts(group)[1] == "Оля · кава · 85 ₴ · Кафе · картка\nОля · таксі · 120 ₴ · Таксі · картка")
        #expect(fake.requests(method: "editMessageText").count == 1)

        // A restart midway: nothing lost, nothing repeated.
        await bot.stop()
        fake.enqueueMessage(chatID: taras, text: "продукти 400", firstName: "Тарас")
        bot = try RunningBot(fake: fake, databasePath: path, clock: clock.wallClock)
        #expect(await eventually { texts(group).count == 3 })
        #expect(texts(group)[2] == "Тарас · продукти · 400 ₴ · Продукти · картка")

        // The outsider, privately and in the family group.
        fake.enqueueMessage(chatID: outsider, text: "/report", firstName: "Чужий")
        fake.enqueueMessage(chatID: group, text: "/report", fromID: outsider, firstName: "Чужий")
        #expect(await eventually { texts(outsider).count == 2 && texts(group).count == 4 })
        let seenByOutsider = texts(outsider) + [texts(group)[3]]
        #expect(!seenByOutsider.contains { $0.contains("Оля") || $0.contains("Тарас") || $0.contains("85 ₴") || $0.contains("605") })

        // 21:00 in Kyiv: the digest, once.
        clock.set(Date(timeIntervalSince1970: 1_795_291_200))
        #expect(await eventually { texts(group).count == 5 })
        #expect(texts(group)[4].contains("Витрачено 605 ₴ (3 витрати)"))
        try await Task.sleep(for: .milliseconds(300))
        await bot.stop()
        bot = try RunningBot(fake: fake, databasePath: path, clock: clock.wallClock)
        try await Task.sleep(for: .milliseconds(500))
        await bot.stop()
        #expect(texts(group).count == 5)

        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        #expect(try ledger.entries.count(householdID: member.householdID) == 3)
        #expect(texts(olha).filter { $0.hasPrefix("✅") }.count == 2)
        #expect(texts(taras).filter { $0.hasPrefix("✅") }.count == 1)
        fake.stop()
    }
}
