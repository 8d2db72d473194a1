import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import TelegramBot
import Testing

/// Lists that grow with a family's data, at sizes no family reaches by hand, on the fake Bot
/// API through the real libcurl client, which refuses what Telegram refuses (more than 100
/// buttons): each is shown a page at a time, ◀️ and ▶️ edit it in place, and a press by
/// someone who may not press changes nothing.
@Suite(.serialized) struct LongListEndToEndTests {
    let folder = TemporaryDirectory("long-lists")
    let fake = FakeBotAPI()
    let olha: Int64 = 731, stranger: Int64 = 739
    let group: Int64 = -1_001_777_000
    var path: String { folder.path("lists.sqlite") }

    init() throws { try fake.start() }

    func plain(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ") }

    /// Says `text` in `chat` and waits for the bot's next message there.
    func ask(_ text: String, from user: Int64, in chat: Int64? = nil) async throws -> FakeSentMessage {
        let target = chat ?? user
        let before = fake.sentMessages(chatID: target).count
        fake.enqueueMessage(chatID: target, text: text, fromID: user, firstName: user == olha ? "Оля" : "Хтось")
        try #require(await eventually { fake.sentMessages(chatID: target).count > before })
        return fake.sentMessages(chatID: target)[before]
    }

    /// Presses `title` under `message` as `user` and waits for the answer and for the message
    /// to be edited (when `edits`); returns the message as it is then.
    func press(_ title: String, on message: FakeSentMessage, from user: Int64, edits: Bool = true) async throws -> FakeSentMessage {
        let data = try #require(message.buttons.joined().first { plain($0.text).hasPrefix(title) }?.data,
                                "no \(title) in \(message.buttons.map { $0.map(\.text) })")
        return try await press(data: data, on: message, from: user, edits: edits)
    }

    func press(data: String, on message: FakeSentMessage, from user: Int64, edits: Bool = true) async throws -> FakeSentMessage {
        let answered = fake.requests(method: "answerCallbackQuery").count
        fake.enqueueCallbackQuery(chatID: message.chatID, messageID: message.messageID, data: data, fromID: user)
        try #require(await eventually { fake.requests(method: "answerCallbackQuery").count > answered })
        if edits {
            try #require(await eventually {
                fake.sentMessages(chatID: message.chatID).first { $0.messageID == message.messageID }?.editCount ?? 0 > message.editCount
            })
        } else {
            try await Task.sleep(for: .milliseconds(300))
        }
        return try #require(fake.sentMessages(chatID: message.chatID).first { $0.messageID == message.messageID })
    }

    func lastAnswer() -> String? {
        fake.requests(method: "answerCallbackQuery").last?.parameters["text"]
    }

    /// Ten thousand monthly payments, straight in the store.
    func addRecurring(_ count: Int) throws {
        let ledger = try Ledger(path: path)
        let member = try #require(try ledger.families.member(telegramUserID: olha))
        let start = try #require(LocalDate(iso: "2026-12-01"))
        try ledger.transaction {
            for n in 1...count {
                let schedule = RecurrenceSchedule(.monthly(day: n % 28 + 1), start: start)
                let item = NewRecurringItem(mode: .bill, kind: .expense, amount: Money(minorUnits: Int64(n) * 100, currency: .uah),
                                            currency: .uah, category: "subscriptions", account: nil, note: "платіж \(n)",
                                            isPrivate: false, schedule: schedule)
                _ = try ledger.recurring.add(item, by: member, nextDate: schedule.first(onOrAfter: start))
            }
        }
    }

    @Test func tenThousandRecurringPaymentsArePagedAndEveryReplyIsTaken() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        _ = try await ask("/start", from: olha)
        try addRecurring(10_000)
        let list = try await ask("/recurring", from: olha)
        #expect(list.buttons.joined().count == 12, "ten items' buttons and the page row")
        #expect(plain(list.text).contains("\n1. платіж") && !plain(list.text).contains("11. платіж"))
        #expect(list.buttons.last?.map { plain($0.text) } == ["1/1 000", "▶️"])
        let second = try await press("▶️", on: list, from: olha)
        #expect(plain(second.text).contains("11. платіж") && !plain(second.text).contains("\n1. платіж"))
        #expect(second.buttons.last?.map { plain($0.text) } == ["◀️", "2/1 000", "▶️"])
        let back = try await press("◀️", on: second, from: olha)
        #expect(plain(back.text) == plain(list.text))
        let beyond = try await press(data: "rec:list:99999", on: back, from: olha)
        #expect(beyond.buttons.last?.map { plain($0.text) } == ["◀️", "1 000/1 000"], "a page past the end is the last one")
        let eleventh = try #require(second.buttons.joined().first { $0.text.hasPrefix("11. ") })
        let opened = try await press(data: eleventh.data, on: second, from: olha)
        #expect(opened.data(of: "🗑️ Видалити") == eleventh.data.replacing("rec:open:", with: "rec:del:"), "\(opened.buttons)")
        let listAgain = try await press(data: try #require(opened.buttons.last?.last?.data), on: opened, from: olha)
        #expect(plain(listAgain.text).contains("11. платіж"), "the list again, at the page the item is on")

        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        try #require(await eventually { !fake.sentMessages(chatID: group).isEmpty })
        let inGroup = try await ask("/recurring", from: olha, in: group)
        let untouched = try await press("▶️", on: inGroup, from: stranger, edits: false)
        #expect(untouched.editCount == 0 && lastAnswer()?.contains("веде облік однієї родини") == true, "\(lastAnswer() ?? "")")
        let stale = try await press(data: "rec:list:5", on: inGroup, from: olha, edits: false)
        #expect(stale.editCount == 0 && lastAnswer() == "Ця кнопка вже не діє.", "a page the message does not offer")
        let paged = try await press("▶️", on: inGroup, from: olha)
        #expect(plain(paged.text).contains("11. платіж"))
        #expect(fake.refusedMarkups.isEmpty, "\(fake.refusedMarkups)")
        await bot.stop()
        fake.stop()
    }

    /// `/subscriptions` of 10,000: the totals of all, ten lines a page, one message; and the
    /// ten-thousand-and-first subscription is added as quickly as the first.
    @Test func tenThousandSubscriptionsArePagedWithTheTotalsOfAll() async throws {
        let bot = try RunningBot(fake: fake, databasePath: path)
        _ = try await ask("/start", from: olha)
        try addRecurring(10_000)
        let before = fake.sentMessages(chatID: olha).count
        let list = try await ask("/subscriptions", from: olha)
        let text = plain(list.text)
        // 1 + 2 + … + 10,000 hryvnias a month: 50,005,000 ₴, and twelve times that a year.
        #expect(text.hasPrefix("📺 <b>Підписки: 50 005 000 ₴ на місяць · 600 060 000 ₴ на рік</b>"), "\(text.prefix(200))")
        #expect(text.split(separator: "\n").count == 11, "the totals and ten subscriptions")
        #expect(list.buttons.last?.map { plain($0.text) } == ["1/1 000", "▶️"])
        let second = try await press("▶️", on: list, from: olha)
        #expect(plain(second.text).split(separator: "\n").count == 11 && plain(second.text) != text)
        #expect(second.buttons.last?.map { plain($0.text) } == ["◀️", "2/1 000", "▶️"])
        try await Task.sleep(for: .milliseconds(300))
        #expect(fake.sentMessages(chatID: olha).count == before + 1, "one message, edited in place")
        let added = try await ask("netflix 299 щомісяця", from: olha)
        #expect(added.text.contains("299"), "\(added.text)")
        #expect(fake.refusedMarkups.isEmpty, "\(fake.refusedMarkups)")
        await bot.stop()
        fake.stop()
    }

    /// A client-info of a thousand accounts (the bank sends what it sends): the first 500 are
    /// kept, the list after the token is ten at a time, and following one on the second page
    /// keeps that page.
    @Test func aThousandMonobankAccountsArePagedAndFollowingKeepsThePage() async throws {
        let time = SkippingTime()
        let bank = FakeMonobankAPI(now: { time.now })
        try bank.start()
        let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
        let accounts = (1...1_000).map { n in (id: "acc-\(n)", currencyCode: 980, maskedPan: "537541******\(1000 + n)") }
        bank.add(token: token, FakeMonobankAPI.Client(name: "Оля", accounts: accounts))
        let bot = try RunningBot(fake: fake, databasePath: path, monobankURL: bank.baseURL, botClock: time.botClock)
        _ = try await ask("/start", from: olha)
        fake.enqueueMessage(chatID: olha, text: "/monobank \(token)", fromID: olha, firstName: "Оля")
        #expect(await eventually { fake.sentMessages(chatID: olha).last?.text.contains("Монобанк підключено") == true })
        let list = try #require(fake.sentMessages(chatID: olha).last)
        #expect(list.buttons.count == 11 && list.buttons.joined().count == 12, "ten accounts and the page row")
        #expect(list.buttons.last?.map { plain($0.text) } == ["1/50", "▶️"])
        let second = try await press("▶️", on: list, from: olha)
        #expect(second.buttons.first?.first?.text.contains("*1011") == true, "\(second.buttons)")
        let followed = try await press("💳 *1015", on: second, from: olha)
        #expect(followed.buttons.last?.map { plain($0.text) } == ["◀️", "2/50", "▶️"], "the page of the account pressed")
        #expect(followed.buttons.joined().contains { $0.text.hasPrefix("✓ 💳 *1015") })
        let last = try await press(data: "mono:p:5000", on: followed, from: olha)
        #expect(last.buttons.last?.map { plain($0.text) } == ["◀️", "50/50"], "a page past the end is the last one")
        #expect(fake.refusedMarkups.isEmpty, "\(fake.refusedMarkups)")
        await bot.stop()
        #expect(try Ledger(path: path).monobank.accounts(memberID: try #require(try Ledger(path: path).families.member(telegramUserID: olha)).id).count == 500)
        fake.stop()
        bank.stop()
    }
}
