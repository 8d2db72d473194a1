import Foundation
import KopiykaTestSupport
import Testing

/// The built `kopiyka run` against the fake Bot API: `/report`, `/report 2026`, `/budget` and
/// `/savings` each come with a PNG sent by `sendPhoto`, one that decodes.
@Suite(.serialized) struct ChartEndToEndTests {
    let folder = TemporaryDirectory("chart-e2e")
    let fake = FakeBotAPI()
    let olha: Int64 = 902

    init() throws { try fake.start() }

    func photos() -> [FakeUploadedFile] {
        fake.sentMessages(chatID: olha).compactMap(\.document).filter { $0.fileName.hasSuffix(".png") }
    }

    @Test func reportsBudgetsAndSavingsComeWithTheirCharts() async throws {
        defer { fake.stop() }
        let bot = try KopiykaProcess(environment: [
            "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": folder.path("kopiyka.sqlite"),
            "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
        ], workingDirectory: folder.url).start(["run"])
        for text in ["/start", "кава 85", "продукти 640", "/budget 10000", "/accounts add Депозит",
                     "депозит 50 000 01.11.2026", "депозит 52 000"] {
            fake.enqueueMessage(chatID: olha, text: text, firstName: "Оля")
        }
        #expect(await eventually { fake.sentMessages(chatID: olha).count >= 7 })  // a savings line needs two values
        for (index, command) in ["/report", "/report 2026", "/budget", "/savings"].enumerated() {
            fake.enqueueMessage(chatID: olha, text: command, firstName: "Оля")
            #expect(await eventually { photos().count == index + 1 }, "\(command) sent no chart")
        }
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")
        let names = photos().map(\.fileName)
        #expect(names.contains { $0.hasPrefix("report-") } && names.contains("report-2026.png"), "\(names)")
        #expect(names.contains { $0.hasPrefix("budget-") } && names.contains { $0.hasPrefix("savings-") }, "\(names)")
        for photo in photos() {
            let png = try DecodedPNG(photo.data)
            #expect(png.width == 800 && photo.data.count < 100_000, "\(photo.fileName)")
        }
    }
}
