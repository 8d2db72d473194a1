import Foundation
import KopiykaTestSupport
import Testing

/// The built `kopiyka run` against the fake Bot API, with a household no family reaches by
/// hand: 10,000 subscriptions, or one member flooding `/report`. Another family's `кава`
/// is answered throughout, and the bot's peak memory stays under 100 MB (issue 32, attack 5:
/// at 10,000 subscriptions each of these took ~4 s of every family's in a release build).
/// The bounds on the wait are generous (a debug build on a loaded machine); the figures are
/// printed.
@Suite(.serialized) struct BigHouseholdEndToEndTests {
    let folder = TemporaryDirectory("big-household-e2e")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }
    let olha: Int64 = 931, taras: Int64 = 932

    init() throws { try fake.start() }

    func texts(_ chat: Int64) -> [String] {
        fake.sentMessages(chatID: chat).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    /// Starts the bot and greets both families.
    func start() async throws -> RunningKopiyka {
        let bot = try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url)
        fake.enqueueMessage(chatID: olha, text: "/start", firstName: "Оля")
        fake.enqueueMessage(chatID: taras, text: "/start", firstName: "Тарас")
        #expect(await eventually { !texts(olha).isEmpty && !texts(taras).isEmpty })
        return bot
    }

    /// Оля says `text`; Тарас says `кава` right after. Returns how long each waited for an
    /// answer (Тарас's less any starvation of this test process).
    func sayWithACoffee(_ text: String) async -> (olha: Duration?, taras: Duration?) {
        let (olhaBefore, tarasBefore) = (texts(olha).count, texts(taras).count)
        let sent = ContinuousClock.now
        fake.enqueueMessage(chatID: olha, text: text, firstName: "Оля")
        fake.enqueueMessage(chatID: taras, text: "кава 85", firstName: "Тарас")
        let coffee = await StatementLimitsEndToEndTests.answered { texts(taras).count > tarasBefore }
        let answered = await eventually { texts(olha).count > olhaBefore }
        return (answered ? ContinuousClock.now - sent : nil, coffee)
    }

    @Test func tenThousandSubscriptionsStallNoOtherFamily() async throws {
        defer { fake.stop() }
        let bot = try await start()
        try Subscriptions.add(10_000, of: olha, databasePath: databasePath)
        var figures: [String] = []
        for text in ["/subscriptions", "/report", "spotify 199 щомісяця", "/subscriptions"] {
            let (olhaWaited, tarasWaited) = await sayWithACoffee(text)
            #expect(olhaWaited != nil, "\(text) unanswered")
            #expect(tarasWaited.map { $0 < .seconds(3) } == true, "during \(text) another family waited \(String(describing: tarasWaited))")
            figures.append("\(text): \(olhaWaited.map { "\($0)" } ?? "—"), coffee \(tarasWaited.map { "\($0)" } ?? "—")")
        }
        #expect(texts(olha).contains { $0.hasPrefix("📺 <b>Підписки:") && $0.split(separator: "\n").count < 20 }, "one page")
        #expect(texts(olha).contains { $0.contains("Схоже на дубль (музика): spotify ") && $0.contains("…") }, "\(texts(olha))")
        let peak = try #require(StatementLimitsEndToEndTests.peakMemory(of: bot.pid))
        #expect(peak < 100 * 1_024 * 1_024, "peak memory \(peak / 1_048_576) MB")
        print("10,000 subscriptions: \(figures.joined(separator: "; ")); peak \(peak / 1_048_576) MB")
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")
    }

    /// 100 `/report` in one burst from Оля, with 10,000 subscriptions to point duplicates
    /// out of: twenty are answered, the next kindly refused, the rest dropped (the throttle),
    /// and Тарас's coffee, queued behind the burst, waits for the twenty reports only: ~1 s in
    /// a debug build, where each read every recurring item (~0.4 s) and it waited 6-10 s.
    @Test func aHundredReportsInABurstStallNoOtherFamily() async throws {
        defer { fake.stop() }
        let bot = try await start()
        try Subscriptions.add(10_000, of: olha, databasePath: databasePath)
        let before = texts(olha).count
        let sent = ContinuousClock.now
        for _ in 0..<100 { fake.enqueueMessage(chatID: olha, text: "/report", firstName: "Оля") }
        let tarasBefore = texts(taras).count
        fake.enqueueMessage(chatID: taras, text: "кава 85", firstName: "Тарас")
        let coffee = await StatementLimitsEndToEndTests.answered { texts(taras).count > tarasBefore }
        #expect(await eventually { texts(olha).dropFirst(before).contains { $0.hasPrefix("⏳") } }, "\(texts(olha).suffix(3))")
        let all = ContinuousClock.now - sent
        let reports = texts(olha).dropFirst(before).filter { $0.hasPrefix("📊") }.count
        let throttled = texts(olha).dropFirst(before).filter { $0.hasPrefix("⏳") }.count
        #expect(reports >= 20 && reports < 100 && throttled == 1, "\(reports) reports, \(throttled) throttled")
        #expect(coffee.map { $0 < .seconds(5) } == true, "another family waited \(String(describing: coffee))")
        let peak = try #require(StatementLimitsEndToEndTests.peakMemory(of: bot.pid))
        #expect(peak < 100 * 1_024 * 1_024, "peak memory \(peak / 1_048_576) MB")
        print("100 /report in a burst: \(reports) reports and \(throttled) kind refusal in \(all), "
            + "coffee answered in \(coffee.map { "\($0)" } ?? "—"); peak \(peak / 1_048_576) MB")
        bot.signal(SIGTERM)
        #expect(await bot.termination(within: .seconds(10)) == .exited(0), "\(bot.stderr)")
    }
}
