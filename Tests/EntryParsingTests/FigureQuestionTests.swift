@testable import EntryParsing
import KopiykaCore
import Testing

/// Questions about the family's own figures, in uk, ru and en (examples of our own), and the
/// questions that must stay unanswered: a price, a sum to work out, a person, a number.
@Suite struct FigureQuestionTests {
    static let today = LocalDate(year: 2026, month: 12, day: 7)!
    static let december = YearMonth(year: 2026, month: 12)!
    static let parser = EntryParser()

    @Test(arguments: [
        ("скільки витратили на кафе цього місяця?", FigureQuestion(flow: .spent, category: "cafe", period: .month(december))),
        ("а скільки ми віддали за світло?", .init(flow: .spent, category: "utilities", period: .month(december))),
        ("Скільки пішло на продукти минулого місяця", .init(flow: .spent, category: "groceries", period: .month(december.previous))),
        ("скільки ми витратили в листопаді?", .init(flow: .spent, category: nil, period: .month(december.previous))),
        ("скільки на таксі за цей тиждень?", .init(flow: .spent, category: "taxi", period: .thisWeek)),
        ("скільки витратили сьогодні", .init(flow: .spent, category: nil, period: .today)),
        ("сколько потратили на продукты в прошлом месяце?", .init(flow: .spent, category: "groceries", period: .month(december.previous))),
        ("сколько ушло вчера?", .init(flow: .spent, category: nil, period: .yesterday)),
        ("сколько заработали в этом месяце", .init(flow: .received, category: nil, period: .month(december))),
        ("how much did we spend on groceries last month?", .init(flow: .spent, category: "groceries", period: .month(december.previous))),
        ("How much did we spend in May?", .init(flow: .spent, category: nil, period: .month(YearMonth(year: 2026, month: 5)!))),
        ("скільки витратили в січні?", .init(flow: .spent, category: nil, period: .month(YearMonth(year: 2026, month: 1)!))),
    ])
    func asksAboutFigures(_ text: String, _ expected: FigureQuestion) {
        #expect(Self.parser.figureQuestion(text, today: Self.today) == expected, "\(text)")
    }

    @Test(arguments: [
        "скільки коштує кава?",  // a price
        "скільки вийде 320 + 145?",  // a sum to work out
        "скільки Оля витратила на кафе?",  // a person: not the family's figure
        "скільки витратили 5 грудня?",  // a number this reader does not read
        "скільки витратимо на свята?",  // the future
        "скільки лишилось на картці?",  // a balance
        "скільки витратили минулого тижня?",  // a week gone: no such figure yet
        "кава 85",
        "сколько получили зарплаты?",  // income by category: /report's figure is the total
        "how much is the gym?",
    ])
    func leavesOtherQuestions(_ text: String) {
        #expect(Self.parser.figureQuestion(text, today: Self.today) == nil, "\(text)")
    }

    @Test func aWeekStartsOnMonday() {
        // 2026-12-07 is a Monday; the 13th a Sunday.
        #expect(FigureQuestion.Period.thisWeek.dates(today: Self.today) == Self.today...Self.today)
        let sunday = LocalDate(year: 2026, month: 12, day: 13)!
        #expect(FigureQuestion.Period.thisWeek.dates(today: sunday) == Self.today...sunday)
    }
}
