import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// Issue 14 on the fake Bot API, through the real libcurl client: only members reach a
/// household. The cast: Оля owns the family; Тарас was a member and is removed, Марко was one
/// and leaves; Ніна keeps her own books and sits in the family group; a stranger never wrote
/// to the bot.
@Suite(.serialized) struct AccessEndToEndTests {
    let folder = TemporaryDirectory("access")
    let fake = FakeBotAPI()
    let clock = TestClock()
    let olha: Int64 = 711, taras: Int64 = 712, marko: Int64 = 713, nina: Int64 = 714, stranger: Int64 = 719
    let group: Int64 = -1_001_444_555
    var path: String { folder.path("access.sqlite") }
    var outsiders: [Int64] { [stranger, nina, taras, marko] }
    let names: [Int64: String] = [711: "Оля", 712: "Тарас", 713: "Марко", 714: "Ніна", 719: "Хтось"]

    init() throws { try fake.start() }

    func texts(_ chat: Int64) -> [String] {
        fake.sentMessages(chatID: chat).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    func say(_ text: String, from user: Int64, in chat: Int64? = nil) {
        fake.enqueueMessage(chatID: chat ?? user, text: text, fromID: user, firstName: names[user] ?? "?")
    }

    /// Says `text` and waits for the next message in `chat` (the user's own by default).
    @discardableResult
    func ask(_ text: String, from user: Int64, in chat: Int64? = nil) async throws -> FakeSentMessage {
        let target = chat ?? user
        let before = fake.sentMessages(chatID: target).count
        say(text, from: user, in: chat)
        try #require(await eventually { fake.sentMessages(chatID: target).count > before })
        return fake.sentMessages(chatID: target)[before]
    }

    /// The `callback_data` of a sent message's buttons.
    func buttons(_ message: FakeSentMessage) -> [String] {
        guard let markup = message.replyMarkup,
              let object = try? JSONSerialization.jsonObject(with: Data(markup.utf8)) as? [String: Any],
              let rows = object["inline_keyboard"] as? [[[String: Any]]] else { return [] }
        return rows.joined().compactMap { $0["callback_data"] as? String }
    }

    /// Presses and waits until every one is answered (and a little longer, for any edit).
    func press(_ presses: [(chat: Int64, messageID: Int, data: String, from: Int64)]) async throws -> [FakeRequest] {
        let before = fake.requests(method: "answerCallbackQuery").count
        for press in presses { fake.enqueueCallbackQuery(chatID: press.chat, messageID: press.messageID, data: press.data, fromID: press.from) }
        try #require(await eventually { fake.requests(method: "answerCallbackQuery").count == before + presses.count })
        try await Task.sleep(for: .milliseconds(300))
        return Array(fake.requests(method: "answerCallbackQuery").dropFirst(before))
    }

    /// The link's code, from whichever new message carries it: the notice of the last join
    /// may still be on its way to the same chat.
    func invite(by user: Int64) async throws -> String {
        let before = fake.sentMessages(chatID: user).count
        say("/invite", from: user)
        var code: String?
        try #require(await eventually {
            code = fake.sentMessages(chatID: user).dropFirst(before)
                .lazy.compactMap { $0.text.firstMatch(of: /join_[A-Za-z0-9]{12}/).map { String($0.output) } }.first
            return code != nil
        })
        return try #require(code)
    }

    /// Оля starts, invites Тарас and Марко, and adds the bot to the family group; Ніна starts
    /// on her own.
    func family() async throws -> RunningBot {
        let bot = try RunningBot(fake: fake, databasePath: path, clock: clock.wallClock)
        try await ask("/start", from: olha)
        for member in [taras, marko] {
            let code = try await invite(by: olha)
            #expect(try await ask("/start \(code)", from: member).text.contains("Вітаємо в родині"))
        }
        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        #expect(await eventually { texts(group).first?.contains("сімейний чат") == true })
        try await ask("/start", from: nina)
        return bot
    }

    /// Оля removes Тарас with the button under `/family`; Марко leaves, confirming with the
    /// button under `/leave`.
    func removeAndLeave() async throws {
        let view = try await ask("/family", from: olha)
        let remove = "fam:rm:\(try #require(try Ledger(path: path).families.member(telegramUserID: taras)).id)"
        #expect(buttons(view).contains(remove))
        let answers = try await press([(olha, view.messageID, remove, olha)])
        #expect(answers.first?.parameters["text"]?.contains("Тарас") == true)
        #expect(await eventually { texts(taras).last?.contains("вилучено") == true })
        let question = try await ask("/leave", from: marko)
        let leave = "leave:\(try #require(try Ledger(path: path).families.member(telegramUserID: marko)).id):yes"
        #expect(buttons(question).contains(leave))
        _ = try await press([(marko, question.messageID, leave, marko)])
        #expect(await eventually { texts(marko).last?.contains("вийшли") == true })
    }

    func household(of user: Int64) throws -> Int64? {
        try Ledger(path: path).families.member(telegramUserID: user)?.householdID
    }

    /// Path 1: every button data of the group's messages and of Оля's `/family`, pressed
    /// under each of the group's messages by all four outsiders: each press is answered with a
    /// few words, and not one message of the group changes.
    @Test func forgedPressesInTheFamilyGroupChangeNothing() async throws {
        let bot = try await family()
        for command in ["/add кава 85", "/history", "/lang"] { try await ask(command, from: olha, in: group) }
        let shown = fake.sentMessages(chatID: group).filter { !buttons($0).isEmpty }
        #expect(shown.count == 3)
        let data = Set((shown + [try await ask("/family", from: olha)]).flatMap(buttons))
        try await removeAndLeave()
        let before = fake.sentMessages(chatID: group)
        let presses = outsiders.flatMap { user in shown.flatMap { message in data.map { (group, message.messageID, $0, user) } } }
        let answers = try await press(presses)
        #expect(answers.allSatisfy { !($0.parameters["text"] ?? "").isEmpty }, "\(answers.map(\.parameters))")
        #expect(fake.sentMessages(chatID: group) == before)
        // Оля's own press counts only under the message that carries that button.
        let confirmation = shown[0]
        let foreign = data.subtracting(buttons(confirmation)).map { (group, confirmation.messageID, $0, olha) }
        _ = try await press(foreign)
        #expect(fake.sentMessages(chatID: group) == before)
        await bot.stop()
        let entries = try Ledger(path: path).entries.recent(householdID: try #require(try household(of: olha)), limit: 5)
        #expect(entries.map(\.category) == ["cafe"])
        fake.stop()
    }
}
