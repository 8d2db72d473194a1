import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

/// Charts reach Telegram as `sendPhoto` uploads of valid PNGs, in the topic they belong to.
@Suite(.serialized) struct ChartDeliveryTests {
    let folder = TemporaryDirectory("charts")
    let fake = FakeBotAPI()
    let me: Int64 = 802

    init() throws { try fake.start() }

    @Test func reportSendsItsTextThenThePNG() async throws {
        let bot = try RunningBot(fake: fake, databasePath: folder.path("charts.sqlite"))
        fake.enqueueMessage(chatID: me, text: "кава 85")
        fake.enqueueMessage(chatID: me, text: "/report")
        // The fake logs a request as it arrives and stores the photo after: wait for the photo.
        #expect(await eventually { fake.sentMessages(chatID: me).last?.document != nil })
        #expect(fake.requests(method: "sendPhoto").count == 1)
        let sent = fake.sentMessages(chatID: me)
        let photo = try #require(sent.last?.document)
        #expect(sent.dropLast().last?.text.hasPrefix("📊 <b>Листопад 2026</b>") == true)
        #expect(photo.fileName == "report-2026-11.png")
        let png = try DecodedPNG(photo.data)
        #expect(png.width == 800 && png.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(sent.last?.text.replacingOccurrences(of: "\u{A0}", with: " ") == "🟦 <b>Кафе</b> 85 ₴ · 100%")
        await bot.stop()
        fake.stop()
    }

    @Test func aPhotoGoesToItsForumTopic() async throws {
        let outbox = try RunningDelivery(fake: fake)
        outbox.start()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        _ = try await outbox.core.perform { ledger, _ in
            try ledger.outbox.enqueue(.photo(fileName: "a.png", data: png, caption: "🟦 <b>Кафе</b>"), chatID: -100_7, threadID: 42)
        }
        #expect(await eventually { fake.sentMessages(chatID: -100_7).count == 1 })
        let sent = try #require(fake.sentMessages(chatID: -100_7).first)
        #expect(sent.messageThreadID == 42 && sent.document?.data == png && sent.text == "🟦 <b>Кафе</b>" && sent.parseMode == "HTML")
        #expect(fake.requests(method: "sendPhoto").count == 1)
        #expect(await outbox.stop())
        fake.stop()
    }
}
