import Foundation
import KopiykaTestSupport
import Testing

/// The built `kopiyka run` against the fake Bot API, fed the real voice, sticker and file
/// payloads: each gets its hint in a private chat, in the sender's language; a group's voice
/// note gets nothing.
@Suite(.serialized) struct NonTextEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TelegramClientTests/Fixtures")

    let folder = TemporaryDirectory("nontext")
    let fake = FakeBotAPI()

    init() throws { try fake.start() }

    /// A fixture with its sender (and private chat) moved to `userID`, speaking `language`.
    func payload(_ name: String, userID: Int64? = nil, language: String? = nil) throws -> String {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
        var update = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var message = try #require(update["message"] as? [String: Any])
        var from = try #require(message["from"] as? [String: Any])
        var chat = try #require(message["chat"] as? [String: Any])
        if let userID {
            from["id"] = userID
            chat["id"] = userID
        }
        if let language { from["language_code"] = language }
        message["from"] = from
        message["chat"] = chat
        update["message"] = message
        return String(decoding: try JSONSerialization.data(withJSONObject: update), as: UTF8.self)
    }

    @Test func voiceStickerAndFileAreAnsweredPrivatelyAndAGroupIsLeftAlone() async throws {
        defer { fake.stop() }
        let group: Int64 = -1003986727769
        let people: [(id: Int64, language: String, voice: String, file: String)] = [
            (801, "uk", "продиктуйте: «кава вісімдесят пʼять»", "Цей файл я не прочитаю"),
            (802, "ru", "продиктуйте: «кофе восемьдесят пять»", "Этот файл я не прочитаю"),
            (803, "en", "say “coffee eighty-five”", "I can’t read this file"),
        ]
        for person in people {
            fake.enqueue(updateJSON: try payload("voice_message.illemius.json", userID: person.id, language: person.language))
            fake.enqueue(updateJSON: try payload("group_voice_message.servicebot.json"))
            fake.enqueue(updateJSON: try payload("group_photo_with_caption.servicebot.json"))
            fake.enqueue(updateJSON: try payload("sticker_message.illemius.json", userID: person.id, language: person.language))
            fake.enqueue(updateJSON: try payload("document_with_caption.illemius.json", userID: person.id, language: person.language))
        }
        let bot = try KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": folder.path("kopiyka.sqlite"),
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
        ], workingDirectory: folder.url).start(["run"])
        defer { bot.signal(SIGTERM) }
        // Welcome, voice, sticker, file: four messages to each person.
        #expect(await eventually(timeout: .seconds(30)) { people.allSatisfy { fake.sentMessages(chatID: $0.id).count >= 4 } })
        for person in people {
            let texts = fake.sentMessages(chatID: person.id).map(\.text)
            #expect(texts.count == 4, "\(texts)")
            #expect(texts.dropFirst().first?.contains(person.voice) == true, "\(texts)")
            #expect(texts.dropFirst(2).first?.contains("/help") == true, "\(texts)")
            #expect(texts.last?.contains(person.file) == true, "\(texts)")
        }
        #expect(fake.sentMessages(chatID: group).isEmpty)
    }
}
