import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// Figures that mean what they say (issue 13): foreign money counted or not, said apart; the
/// change against last month over the same days; averages from the household's first day;
/// budgets that refuse a minus and say at once when they are already spent.
@Suite struct ReportFiguresTests {
    let chat = try! TestConversation()

    func person(_ language: Language) -> Sender {
        Sender(id: 6_000 + Int64(Language.allCases.firstIndex(of: language) ?? 0), firstName: "Ніна", languageCode: language.rawValue)
    }

    func say(_ text: String, _ sender: Sender) throws -> String {
        try chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    @Test(arguments: [
        (Language.uk, "у тому числі 20 $", "+ 15 € без курсу (не враховано)"),
        (.ru, "в том числе 20 $", "+ 15 € без курса (не учтено)"),
        (.en, "including $20", "+ €15 with no rate (not counted)"),
    ])
    func convertedAndUnconvertedForeignMoneyAreNamedApart(_ language: Language, _ converted: String, _ unconverted: String) throws {
        let nina = person(language)
        try chat.say("/rate usd 41,5", from: nina)
        for text in ["netflix 20 $", "spotify 15 €", "youtube 329"] { try chat.say(text, from: nina) }
        let report = try say("/report", nina)
        #expect(report.contains(converted), "\(report)")
        #expect(report.contains(unconverted), "\(report)")
        #expect(!report.contains("15 €, 20 $") && !report.contains("€15, $20"), "\(report)")
        #expect(report.contains("1 159 ₴") || report.contains("₴1,159"), "\(report)")  // 329 + 20 × 41,5: the euros are not in it
    }

    @Test func theDigestNamesForeignMoneyTheSameWay() throws {
        let group: Int64 = -6_100
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        try chat.say("/rate usd 41,5")
        for text in ["netflix 20 $", "spotify 15 €", "кава 85"] { try chat.say(text) }
        chat.clock.set(Date(timeIntervalSince1970: 1_795_287_600))  // 21:00 in Kyiv
        let digest = try chat.tick().texts(in: group).joined()
        #expect(digest.contains("Витрачено 915 ₴ (3 витрати)"), "\(digest)")
        #expect(digest.contains("у тому числі 20 $"), "\(digest)")
        #expect(digest.contains("+ 15 € без курсу (не враховано)"), "\(digest)")
        #expect(!digest.contains("у тому числі 15 €"), "\(digest)")
    }

    @Test(arguments: [
        (Language.uk, "📉 -24% порівняно з 1–23 жовтня"),
        (.ru, "📉 -24 % по сравнению с 1–23 октября"),
        (.en, "📉 -24% vs October 1–23"),
    ])
    func theChangeComparesTheSameDaysOfLastMonth(_ language: Language, _ line: String) throws {
        let nina = person(language)
        chat.clock.set(Date(timeIntervalSince1970: 1_795_420_800))  // 23 November, 10:00 in Kyiv
        for text in ["кава 1000 05.10", "ноутбук 30000 28.10", "кава 760"] { try chat.say(text, from: nina) }
        let report = try say("/report", nina)
        #expect(report.contains(line), "\(report)")
        // A past month is compared whole, and says so as before.
        #expect(!(try say("/report 2026-10", nina)).contains("1–"))
    }

    @Test func theAverageAndForecastCountFromTheHouseholdsFirstDay() throws {
        try chat.say("кава 85")  // the household's first day is 21 November
        let report = try say("/report", .olha)
        #expect(report.contains("У середньому 85 ₴ на день"), "\(report)")
        #expect(report.contains("Прогноз до кінця місяця буде з 27 листопада"), "one day is no pace: \(report)")
        chat.clock.advance(by: 4 * 86_400)
        #expect(try say("/report", .olha).contains("У середньому 17 ₴ на день"))  // 85 over 21–25 November
        for _ in 0..<2 {
            chat.clock.advance(by: 86_400)
            try chat.say("кава 85")
        }
        #expect(try say("/report", .olha).contains("Прогноз до кінця місяця: 364 ₴"))  // 255 over 21–27 November, and 3 days more at its pace
    }

    @Test(arguments: [
        (Language.uk, "/budget кафе -100", "Бюджет не може бути відʼємним. Щоб задати: /budget кафе 100, щоб видалити: /budget кафе 0."),
        (.ru, "/budget кафе −100", "Бюджет не может быть отрицательным. Чтобы задать: /budget кафе 100, чтобы удалить: /budget кафе 0."),
        (.en, "/budget -40000", "A budget can’t be negative. To set one: /budget 40000; to remove it: /budget 0."),
    ])
    func aNegativeBudgetIsRefusedWithAHint(_ language: Language, _ command: String, _ answer: String) throws {
        let nina = person(language)
        try chat.say("/start", from: nina)
        #expect(try say(command, nina) == answer)
        let member = try #require(try chat.ledger.families.member(telegramUserID: nina.id))
        #expect(try chat.ledger.budgets.list(householdID: member.householdID).isEmpty)
    }

    @Test(arguments: [
        (Language.uk, "🎯 Бюджет «Кафе»: 100 ₴ на місяць.\n🚨 Цього місяця вже витрачено 300 ₴ — бюджет перевищено на 200 ₴."),
        (.ru, "🎯 Бюджет «Кафе»: 100 ₴ в месяц.\n🚨 В этом месяце уже потрачено 300 ₴ — бюджет превышен на 200 ₴."),
        (.en, "🎯 Budget “Cafés”: ₴100 a month.\n🚨 ₴300 already spent this month: over budget by ₴200."),
    ])
    func aBudgetAlreadySpentSaysSoAtOnce(_ language: Language, _ answer: String) throws {
        let nina = person(language)
        try chat.say("кава 300", from: nina)
        #expect(try say("/budget кафе 100", nina) == answer)
        #expect(try say("/budget кафе 300", nina).contains("🚨"))
        #expect(!(try say("/budget кафе 301", nina)).contains("🚨"))
    }

    @Test func theExportsExpensesAddUpToTheReportWithForeignMoney() throws {
        try chat.say("/rate usd 41,5")
        for text in ["netflix 20 $", "кава 85,50", "spotify 15 €", "+100 $ фриланс"] { try chat.say(text) }
        try chat.say("/export")
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        let file = try #require(try ConsoleDelivery(ledger: chat.ledger).deliver().compactMap(\.document).first)
        let rows = String(decoding: file.data.dropFirst(3), as: UTF8.self).split(separator: "\r\n").dropFirst()
        let spent = try rows.filter { $0.contains(";expense;") }.map { row in
            let base = row.split(separator: ";", omittingEmptySubsequences: false)[6].replacingOccurrences(of: ",", with: ".")
            return base.isEmpty ? 0 : try #require(Money(decimal: base, currency: .uah)).minorUnits
        }.reduce(0, +)
        #expect(spent == 91_550)  // 20 × 41,5 + 85,50; the euros have no rate
        #expect(try say("/report", .olha).contains("Витрачено 915,50 ₴"))
    }
}
