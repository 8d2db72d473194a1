import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing
@testable import TelegramBot

/// The bot keeps the NBU's rates itself: through the real libcurl client against a fake NBU on
/// loopback, a weekend day asks for Friday's, a foreign entry counts at the official rate with
/// no `/rate`, and a failing NBU is asked again later and later, on the injected clock.
@Suite(.serialized) struct OfficialRateFetchTests {
    let folder = TemporaryDirectory("rates")
    let fake = FakeBotAPI()
    // testNow is Saturday 21 November 2026, 10:00 in Kyiv.
    let saturday = LocalDate(year: 2026, month: 11, day: 21)!
    var friday: LocalDate { saturday.adding(days: -1) }
    var path: String { folder.path("bot.sqlite") }

    init() throws { try fake.start() }

    /// Whether the bot's database holds the NBU's dollar rate for `date`.
    func dollarRateStored(on date: LocalDate) -> Bool {
        let count = try? Connection(path: path).queryFirst(
            "SELECT COUNT(*) FROM official_rates WHERE currency = 'USD' AND date = ?", date.iso) { $0.int(0) }
        return (count ?? 0) > 0
    }

    /// The texts, without the charts that follow reports.
    func plain(_ chatID: Int64) -> [String] {
        fake.sentMessages(chatID: chatID).filter { $0.document == nil }.map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    @Test func aCoffeeInEurosCountsAtTheNBUsRateWithoutRate() async throws {
        let nbu = FakeNBU(today: saturday)
        nbu.script(friday, .rates(["USD": "41.2345", "EUR": "47.5"]))
        try nbu.start()
        let bot = try RunningBot(fake: fake, databasePath: path, nbuURL: nbu.baseURL)
        // At start today's rate is missing: Saturday has none, so Friday's is fetched.
        #expect(await eventually { nbu.daysAsked == [saturday, friday] && dollarRateStored(on: friday) })
        fake.enqueueMessage(chatID: 701, text: "/start")
        fake.enqueueMessage(chatID: 701, text: "кава 5 €")
        fake.enqueueMessage(chatID: 701, text: "/report")
        #expect(await eventually { plain(701).contains { $0.hasPrefix("📊 <b>Листопад 2026</b>") } }, "\(plain(701))")
        let report = try #require(plain(701).last)
        // 5 € × 47.5 = 237.50 ₴: Friday's rate for a Saturday coffee.
        #expect(report.contains("Витрачено 237,50 ₴ (1 витрата)"), "\(report)")
        #expect(!report.contains("курсу"))
        await bot.stop()
        #expect(nbu.daysAsked == [saturday, friday], "nothing more to ask until tomorrow")
        #expect(try Ledger(path: path).entries.monthTotalsMismatches() == 0)
        nbu.stop()
        fake.stop()
    }

    @Test func anEntryTypedWhileTheNBUFailsIsValuedWhenItAnswersAgain() async throws {
        let nbu = FakeNBU(today: saturday)
        nbu.down(.malformedJSON)
        try nbu.start()
        let bot = try RunningBot(fake: fake, databasePath: path, nbuURL: nbu.baseURL)
        fake.enqueueMessage(chatID: 702, text: "/start")
        fake.enqueueMessage(chatID: 702, text: "таксі 10 $ вчора")
        #expect(await eventually { plain(702).count == 2 && nbu.requests.count >= 2 })
        nbu.down(.serverError)
        let asked = nbu.requests.count
        #expect(await eventually { nbu.requests.count >= asked + 2 })
        fake.enqueueMessage(chatID: 702, text: "/report")
        #expect(await eventually { plain(702).count == 3 })
        #expect(plain(702).last?.contains("Без курсу не враховано: 10 $") == true, "\(plain(702).last ?? "")")
        nbu.down(nil)
        // Stored, not only asked: the fetcher stores the answer a moment later, and the bot
        // can take the report in between.
        #expect(await eventually { nbu.daysAsked.suffix(2) == [saturday, friday] && dollarRateStored(on: friday) })
        fake.enqueueMessage(chatID: 702, text: "/report")
        #expect(await eventually { plain(702).count == 4 })
        // 10 $ × 41.2345 = 412.345 ₴ → 412.35 ₴: the taxi written before any rate counts now.
        #expect(plain(702).last?.contains("Витрачено 412,35 ₴") == true, "\(plain(702).last ?? "")")
        await bot.stop()
        // Each failed look waited twice as long as the one before (a look is 50 ms here). The
        // sender's own waits for a send's record to fall due are uneven remainders, not looks.
        func wholeLooks(_ pause: Duration) -> Bool {
            (pause.components.seconds * 1_000_000_000_000_000_000 + pause.components.attoseconds)
                % 50_000_000_000_000_000 == 0
        }
        let backoffs = bot.sleeper.pauses.filter { $0 > .milliseconds(50) && $0 <= .milliseconds(3_200) && wholeLooks($0) }
        #expect(backoffs.prefix(4) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)],
                "\(bot.sleeper.pauses)")
        #expect(bot.logs.contains { $0.contains("official rates wait") && $0.contains("malformed") })
        #expect(try Ledger(path: path).entries.monthTotalsMismatches() == 0)
        nbu.stop()
        fake.stop()
    }

    @Test func aFailingLookWaitsLongerEachTimeUpToAnHour() {
        var schedule = RateFetchSchedule()
        #expect(schedule.succeeded() == .seconds(60))
        #expect((1...7).map { _ in schedule.failed() } == [120, 240, 480, 960, 1920, 3600, 3600].map { .seconds($0) })
        #expect(schedule.failures == 7)
        #expect(schedule.succeeded() == .seconds(60))
        #expect(schedule.failed() == .seconds(120))
    }
}
