@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// What a hostile (or very unlucky) family can send about money: the largest entry the parser
/// takes (1,000,000,000 units) in pounds at the highest rate `/rate` takes, many times over,
/// then every command and scheduled job that adds money up. Figures are exact or refused in
/// words; nothing traps.
@Suite struct HostileMoneyTests {
    let chat = try! TestConversation()
    let group: Int64 = -500
    /// 1,000,000,000 £ at 5,500 ₴, in kopiykas.
    let largestEntryMinor: Int64 = 550_000_000_000_000
    static let largestEntry = "кава 1000000000 £"

    func spaced(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// Оля with a family group, the highest sterling rate and the largest budget.
    func hostileFamily() throws -> Member {
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        #expect(spaced(try chat.say("/rate gbp 5500")).hasPrefix("💱 1 GBP = 5500 ₴."))
        #expect(spaced(try chat.say("/budget 1000000000")) == "🎯 Бюджет на місяць: 1 000 000 000 ₴.")
        return try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
    }

    /// `count` of the largest entries, 200 to a message (under Telegram's 4,096 characters).
    func sendLargest(_ count: Int, note: String = "кава") throws {
        var left = count
        while left > 0 {
            try chat.say(Array(repeating: "\(note) 1000000000 £", count: min(left, 200)).joined(separator: ", "))
            left -= 200
        }
    }

    /// What `count` of those messages store, written straight to the ledger: 16,769 of them
    /// through the conversation would take seconds of a debug build for nothing new.
    func storeLargest(_ count: Int, by member: Member) throws {
        let entry = NewEntry(kind: .expense, amount: Money(minorUnits: 100_000_000_000, currency: .gbp), category: "cafe",
                             account: nil, date: LocalDate(year: 2026, month: 11, day: 21)!, note: "кава",
                             originalText: Self.largestEntry)
        try chat.ledger.transaction {
            for start in stride(from: 0, to: count, by: 200) {
                _ = try chat.ledger.entries.add(Array(repeating: entry, count: min(200, count - start)), by: member)
            }
        }
    }

    func tick(at instant: TimeInterval) throws -> [String] {
        chat.clock.set(Date(timeIntervalSince1970: instant))
        return try chat.tick().texts(in: group)
    }

    /// Starts `/export`, runs it to the end and returns the CSV's rows.
    func export() throws -> [Substring] {
        try chat.say("/export")
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        let file = try #require(try ConsoleDelivery(ledger: chat.ledger).deliver().compactMap(\.document).first)
        return Array(String(decoding: file.data, as: UTF8.self).split(separator: "\r\n").dropFirst())
    }

    @Test func sixHundredOfTheLargestEntriesAddUpExactlyEverywhere() throws {
        _ = try hostileFamily()
        try sendLargest(600)
        let report = spaced(try chat.say("/report"))
        #expect(report.contains("Витрачено 3 300 000 000 000 000 ₴ (600 витрат)"))
        #expect(report.contains("Кафе 3 300 000 000 000 000 ₴ · 100% · 600 витрат"))
        // The household began on the 21st: one day is no month's pace.
        #expect(report.contains("Прогноз до кінця місяця буде з 27 листопада"), "\(report)")
        #expect(report.contains("Усього за місяць: 3 300 000 000 000 000 ₴ з 1 000 000 000 ₴"))
        #expect(report.contains("перевищено на 3 299 999 000 000 000 ₴"))
        #expect(spaced(try chat.say("/report 2026")).contains("Листопад 3 300 000 000 000 000 ₴"))
        #expect(spaced(try chat.say("/budget")).contains("Усього за місяць: 3 300 000 000 000 000 ₴ з 1 000 000 000 ₴"))
        #expect(spaced(try chat.say("/today")).hasPrefix("📅 Сьогодні витрачено 3 300 000 000 000 000 ₴ · 600 записів"))
        #expect(spaced(try chat.say("/week")).hasPrefix("🗓️ За 7 днів витрачено 3 300 000 000 000 000 ₴ · 600 записів"))
        #expect(spaced(try chat.say("/history")).contains("кава · 1 000 000 000 £"))
        let digest = spaced(try tick(at: 1_795_287_600))  // 21:00 in Kyiv
        #expect(digest.contains("Витрачено 3 300 000 000 000 000 ₴ (600 витрат)"))
        #expect(try export().allSatisfy { $0.hasPrefix("2026-11-21;Оля;expense;витрата;1000000000,00;GBP;5500000000000,00;cafe;Кафе;") })
        let monthly = spaced(try tick(at: 1_796_108_400))  // 1 December, 09:00
        #expect(monthly.hasPrefix("📊 Листопад 2026\nВитрачено 3 300 000 000 000 000 ₴ (600 витрат)"))
    }

    @Test func sumsPastInt64AreRefusedInWordsAndTheTotalsStayExact() throws {
        let olha = try hostileFamily()
        try storeLargest(16_769, by: olha)  // the most one month total holds: 9.22295 × 10¹⁸ kopiykas
        #expect(try chat.say(Self.largestEntry) == ["Завелика сума — перевірте, будь ласка, число."])
        #expect(try chat.ledger.entries.count(householdID: olha.householdID) == 16_769)
        try sendLargest(100, note: "таксі")  // another total: together past Int64
        let tooLarge = "Завелика сума — підсумок за цей період не порахувати. Перевірте найбільші записи."
        #expect(spaced(try chat.say("/report")) == "📊 Листопад 2026\n" + tooLarge)
        #expect(spaced(try chat.say("/report 2026")) == "📊 2026 рік\n" + tooLarge)
        #expect(spaced(try chat.say("/report листопад")) == "📊 Листопад 2026\n" + tooLarge)
        #expect(spaced(try chat.say("/budget")) == "🎯 Бюджети · Листопад 2026\n" + tooLarge)
        #expect(spaced(try chat.say("/today")).hasPrefix("📅 Сьогодні витрачено завелика сума · 16 869 записів"))
        #expect(spaced(try chat.say("/week")).hasPrefix("🗓️ За 7 днів витрачено завелика сума · 16 869 записів"))
        #expect(spaced(try chat.say("/history 3")).contains("таксі · 1 000 000 000 £"))
        #expect(try tick(at: 1_795_287_600) == ["🌙 Підсумок дня · 21 листопада\n" + tooLarge])
        #expect(try export().count == 16_869)
        #expect(try tick(at: 1_796_108_400) == ["📊 Листопад 2026\n" + tooLarge])
        #expect(try chat.tick().isEmpty)  // claimed: the 1st does not come back on the next start
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aRateFarFromTheReferenceIsRefusedWithASaneOne() throws {
        try chat.say("/start")
        let insane = "Курс не схожий на справжній: 1 USD — від 0,415 до 4 150 ₴. Наприклад: /rate usd 41,5"
        #expect(spaced(try chat.say("/rate usd 999999")) == insane)
        #expect(spaced(try chat.say("/rate usd 4150,000001")) == insane)
        #expect(spaced(try chat.say("/rate usd 0,414999")) == insane)
        #expect(spaced(try chat.say("/rate usd 4150")).hasPrefix("💱 1 USD = 4150 ₴."))
        #expect(spaced(try chat.say("/rate usd 0,415")).hasPrefix("💱 1 USD = 0,415 ₴."))
        #expect(spaced(try chat.say("/rate gbp 5500,01")).contains("від 0,55 до 5 500 ₴"))
        #expect(try chat.ledger.rates.own(householdID: try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)).householdID)
            == [.usd: 415_000])
        try chat.say("/start", from: .anna)
        #expect(spaced(try chat.say("/rate eur 999999", from: .anna))
            == "That rate doesn’t look real: 1 EUR is between 0.48 and 4,800 ₴. Example: /rate eur 48")
    }

    @Test func aBudgetIsAtMostABillion() throws {
        try chat.say("/start")
        #expect(spaced(try chat.say("/budget 1000000000")) == "🎯 Бюджет на місяць: 1 000 000 000 ₴.")
        let tooLarge = "Завеликий бюджет: щонайбільше 1 000 000 000 ₴."
        #expect(spaced(try chat.say("/budget 1000000000,01")) == tooLarge)
        #expect(spaced(try chat.say("/budget кафе 5000000000")) == tooLarge)
        #expect(spaced(try chat.say("/budget кафе 99999999999999999999")) == tooLarge)
    }

    /// Two numbers that could be one amount: the usage, not a budget of 250 300 ₴.
    @Test func aBudgetWithTwoNumbersIsNotTheirJoin() throws {
        try chat.say("/start")
        #expect(try chat.say("/budget кафе 250 300").joined().contains("/budget кафе 3000 — "))
        let household = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)).householdID
        #expect(try chat.ledger.budgets.list(householdID: household).isEmpty)
        #expect(spaced(try chat.say("/budget кафе 250")).contains("250 ₴"))
    }

    @Test func reportPeriodsOutsideTwoThousandToNextYearGetAClearAnswer() throws {
        try chat.say("кава 85")
        let answer = "Такого періоду немає: звіти — за місяці й роки з 2000 до 2027. Наприклад: /report 2026-10"
        for period in ["0001-01", "9999", "2026-13", "1999-12", "2028", "99999999999999999999"] {
            #expect(spaced(try chat.say("/report \(period)")) == answer, "\(period)")
            #expect(spaced(try chat.say("/export \(period)")).contains("/export"), "\(period)")
        }
        #expect(spaced(try chat.say("/report 2000-01")).contains("За цей період записів немає."))
        #expect(spaced(try chat.say("/report 2027-11")).contains("За цей період ще немає записів."))
    }
}
