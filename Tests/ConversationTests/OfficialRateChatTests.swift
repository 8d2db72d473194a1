import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `/rate` with the NBU's rates stored: foreign entries count without a rate typed, `/rate`
/// alone says which rate each currency is counted at and where it comes from, and a
/// household's own `/rate` wins over the NBU's.
@Suite struct OfficialRateChatTests {
    let chat = try! TestConversation()
    // testNow is Saturday 21 November 2026: the NBU set Friday's rates and none for Saturday.
    let friday = LocalDate(year: 2026, month: 11, day: 20)!

    init() throws {
        try chat.ledger.officialRates.record([
            OfficialRate(code: "USD", hryvniaMicros: 41_234_500, date: friday),
            OfficialRate(code: "EUR", hryvniaMicros: 48_000_100, date: friday),
        ], for: friday)
        try chat.ledger.officialRates.record([], for: friday.adding(days: 1))
        try chat.say("/start")
    }

    func spaced(_ replies: [String]) -> String {
        replies.joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    @Test func rateAloneSaysWhereEachRateComesFrom() throws {
        try chat.say("кава 5 €")
        try chat.say("/rate usd 40")
        try chat.say("сувенір 100 zł")
        #expect(spaced(try chat.say("/rate")) == """
            💱 Курси, за якими рахуються записи в інших валютах:
            1 USD = 40 ₴ · ваш курс
            1 EUR = 48,0001 ₴ · НБУ, 20 листопада
            PLN: курсу НБУ ще немає — такі записи чекають, звіти їх не враховують
            GBP: курсу НБУ ще немає — такі записи чекають, звіти їх не враховують

            Свій курс замість курсу НБУ: /rate usd 41,5
            """)
    }

    @Test func aHouseholdsOwnRateWinsOverTheNBUs() throws {
        try chat.say("$20 netflix")
        #expect(spaced(try chat.say("/report")).contains("Витрачено 824,69 ₴"))
        try chat.say("/rate usd 40")
        try chat.say("$10 spotify")
        let report = spaced(try chat.say("/report"))
        // The first entry keeps the NBU's rate it was written at; the second counts at 40.
        #expect(report.contains("Витрачено 1 224,69 ₴"), "\(report)")
    }

    @Test func balancesCountForeignMoneyAtTheNBUsRateToo() throws {
        try chat.say("/accounts add Долари готівка USD")
        try chat.say("+100 $ Долари")
        let balance = spaced(try chat.say("/balance"))
        // 100 $ × 41.2345 = 4 123.45 ₴.
        #expect(balance.contains("Разом: 4 123,45 ₴"), "\(balance)")
        #expect(!balance.contains("Без курсу"))
    }

    @Test func aDollarStashIsWorthTheNBUsRateAndThenTheHouseholds() throws {
        try chat.say("/accounts add Скарбничка USD")
        try chat.say("скарбничка 500")
        // 500 $ × 41.2345 = 20 617.25 ₴.
        let savings = spaced(try chat.say("/savings"))
        #expect(savings.contains("Разом: 20 617,25 ₴") && !savings.contains("Без курсу"), "\(savings)")
        try chat.say("/rate usd 41,5")
        #expect(spaced(try chat.say("/savings")).contains("Разом: 20 750 ₴"))
    }
}
