import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A realistic household in each language — a salary, recurring bills, daily spending, and one
/// large purchase early in a month — lived day by day through a year on the injected clock:
/// on no day does `/report` or `/health` print a forecast, an insight or a score that reads as
/// nonsense.
@Suite struct FiguresThroughTheYearTests {
    /// One household's words in its language.
    struct Household {
        let sender: Sender
        let monthly: String, salary: String, rent: String, groceries: String, coffee: String, shop: String
        let fridge: String, laptop: String
        let forecast: String, score: Regex<(Substring, Substring)>, kept: [String], overspent: String
    }

    static var households: [Household] { [
        Household(sender: .olha, monthly: "netflix 299 щомісяця", salary: "+50000 зарплата", rent: "оренда 15000",
                  groceries: "продукти 450", coffee: "кава 85", shop: "продукти 2500", fridge: "холодильник 30000",
                  laptop: "ноутбук 45000", forecast: "Прогноз до кінця місяця: ", score: /Фінансове здоровʼя: (\d+) зі 100/,
                  kept: ["Відкладено", "не витрачено"], overspent: "перевищили дохід"),
        Household(sender: .dmitry, monthly: "netflix 299 ежемесячно", salary: "+50000 зарплата", rent: "аренда 15000",
                  groceries: "продукты 450", coffee: "кофе 85", shop: "продукты 2500", fridge: "холодильник 30000",
                  laptop: "ноутбук 45000", forecast: "Прогноз до конца месяца: ", score: /Финансовое здоровье: (\d+) из 100/,
                  kept: ["Отложено", "не потрачено"], overspent: "превысили доход"),
        Household(sender: .anna, monthly: "netflix 299 monthly", salary: "+50000 salary", rent: "rent 15000",
                  groceries: "groceries 450", coffee: "coffee 85", shop: "groceries 2500", fridge: "fridge 30000",
                  laptop: "laptop 45000", forecast: "Month-end forecast: ", score: /Financial health: (\d+) out of 100/,
                  kept: ["You kept", "of your income is unspent"], overspent: "more than you earned"),
    ] }

    /// A usual month: rent 15 000, netflix 299, groceries and coffee every day (≈16 000) and a
    /// shop every Saturday (≈10 000): about 41 000 ₴. A sane forecast stays within three of those.
    static let usualMonth: Int64 = 41_000
    static let saneMultiple: Int64 = 3

    @Test func noForecastInsightOrScoreIsAbsurdOnAnyDayOfTheYear() throws {
        // 1 January 2027, 09:00 in Kyiv: the households start on the first day of a year.
        let clock = TestClock(Date(timeIntervalSince1970: 1_798_786_800))
        let chat = try TestConversation(clock: clock)
        for household in Self.households {
            try chat.say("/start", from: household.sender)
            try chat.say(household.monthly, from: household.sender)
        }
        let calendar = kyiv
        var spentThisMonth: [Int64: Int64] = [:]
        var forecasts = 0, scores = 0
        for day in 0..<365 {
            let today = LocalDate(clock.now, in: calendar)
            if today.day == 1 { spentThisMonth = [:] }
            _ = try chat.runJobs("recurring")
            for household in Self.households {
                let id = household.sender.id
                var said = [household.groceries, household.coffee]
                if today.day == 5 { said.append(household.salary) }
                if today.day == 3 { said.append(household.rent) }
                if today.daysSinceEpoch % 7 == 2 { said.append(household.shop) }  // Saturdays: 1 January 1970 was a Thursday.
                if today.month == 1 && today.day == 1 { said.append(household.fridge) }
                if today.month == 2 && today.day == 2 { said.append(household.laptop) }
                for text in said { try chat.say(text, from: household.sender) }
                spentThisMonth[id] = try spent(chat, household.sender, in: YearMonth(today))
                let report = try chat.say("/report", from: household.sender).joined(separator: "\n")
                    .replacingOccurrences(of: "\u{A0}", with: " ")
                let health = try chat.say("/health", from: household.sender).joined(separator: "\n")
                let seen = try check(report: report, health: health, household, today: today, spent: spentThisMonth[id] ?? 0, day: day)
                forecasts += seen.forecast ? 1 : 0
                scores += seen.score ? 1 : 0
            }
            clock.advance(by: 86_400)
        }
        // Every day from the 7th of January has a forecast, and from the 15th a score: the
        // checks above saw them.
        #expect(forecasts == 3 * (365 - 6) && scores == 3 * (365 - 14), "\(forecasts) forecasts, \(scores) scores")
    }

    func spent(_ chat: TestConversation, _ sender: Sender, in month: YearMonth) throws -> Int64 {
        let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
        let totals = try chat.ledger.entries.monthTotals(householdID: member.householdID, months: month...month)
        return totals.filter { $0.kind == .expense }.reduce(0) { $0 + $1.baseMinor } / 100
    }

    /// Checks one day's `/report` and `/health`; says whether they had a forecast and a score.
    func check(report: String, health: String, _ household: Household, today: LocalDate, spent: Int64,
               day: Int) throws -> (forecast: Bool, score: Bool) {
        let when = "\(today.iso) \(household.sender.languageCode ?? "")"
        let forecastLine = report.split(separator: "\n").first { $0.hasPrefix(household.forecast) }
        if let line = forecastLine {
            let forecast = Int64(line.dropFirst(household.forecast.count).prefix { "0123456789 ,₴".contains($0) }
                .filter(\.isNumber)) ?? -1
            #expect(forecast >= spent, "\(when): a forecast below what is spent: \(line)")
            #expect(forecast <= Self.usualMonth * Self.saneMultiple, "\(when): \(line)")
        }
        if today.month == 1 && today.day < 7 {
            #expect(!report.contains(household.forecast), "\(when): a forecast from less than a week and no usual month: \(report)")
        }
        for line in report.split(separator: "\n") where line.hasPrefix("💡") {
            let percents = line.matches(of: /(-?\d+)\s?%/).compactMap { Int($0.output.1) }
            if household.kept.contains(where: line.contains) {
                #expect(percents.allSatisfy { (0...100).contains($0) }, "\(when): \(line)")
                #expect(line.contains(household.kept[0]) == false, "\(when): a running month's rate says so far: \(line)")
            } else if line.contains(household.overspent) {
                #expect(percents.allSatisfy { $0 > 0 }, "\(when): \(line)")
            }
            #expect(!line.contains("-"), "\(when): a negative insight: \(line)")
        }
        for share in report.matches(of: /· (\d+)\s?% ·/) {
            #expect((1...100).contains(Int(share.output.1) ?? -1), "\(when): a category share of \(share.output.1) %")
        }
        let score = health.firstMatch(of: household.score).flatMap { Int($0.output.1) }
        if let score {
            #expect((0...100).contains(score), "\(when): \(health)")
            #expect(day >= 14, "\(when): a score from less than half of the first month: \(health)")
        }
        return (forecastLine != nil, score != nil)
    }
}
