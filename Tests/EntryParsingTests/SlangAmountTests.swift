import EntryParsing
import KopiykaCore
import Testing

/// Money as people say it: `штука` is a thousand where it can only be money, `сотка` a
/// hundred, `пʼятихатка` and `півштуки` five hundred, `полтос` fifty, `двадцятка` twenty (uk
/// and ru).
@Suite struct SlangAmountTests {
    @Test(arguments: [
        ("за ремонт 14 штук", "14000"), ("продал старый велик за 3 штуки", "3000"), ("продав клаву за штуку", "1000"),
        ("хліб 2 штуки 60", "60"), ("потратив сотку на енергетики", "100"), ("пів сотні на проїзд", "50"),
        ("батя дав 2 сотки на бенз", "200"), ("три сотні на квіти", "300"), ("пʼятихатку на проїзд", "500"),
        ("отдал пятихатку за ремонт", "500"), ("потратил сотню на такси", "100"),
        ("ділянка 6 соток 12000", "12000"), ("купила за 10 штук яєць 45", "45"),
        ("оставил таксисту двадцатку на чай", "20"), ("полтос на чай официантке", "50"), ("півштуки на бенз кинув", "500"),
        ("дав малому двадцятку на морозиво", "20"), ("полштуки за стрижку", "500"),
    ])
    func amount(_ text: String, _ amount: String) throws {
        let entries = try EntryParser().parse(text, today: LocalDate(year: 2026, month: 12, day: 7)!).get()
        #expect(entries.map(\.amount) == [Money(decimal: amount, currency: .uah)!], "\(text)")
    }
}
