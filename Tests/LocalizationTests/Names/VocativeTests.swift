import Testing
@testable import Localization

@Suite struct VocativeTests {
    @Test(arguments: [
        ("Оля", "Олю"), ("Тарас", "Тарасе"), ("Олена", "Олено"), ("Микола", "Миколо"), ("Андрій", "Андрію"),
        ("Наталя", "Наталю"), ("Марія", "Маріє"), ("Юлія", "Юліє"), ("Петро", "Петре"), ("Дмитро", "Дмитре"),
        ("Павло", "Павле"), ("Юрко", "Юрку"), ("Олег", "Олеже"), ("Марк", "Марку"), ("Тарасик", "Тарасику"),
        ("Василь", "Василю"), ("Олесь", "Олесю"), ("Іван", "Іване"), ("Ігор", "Ігоре"), ("Олександр", "Олександре"),
        ("Ольга", "Ольго"), ("Тетяна", "Тетяно"), ("Оксанка", "Оксанко"), ("Сергій", "Сергію"), ("Миколай", "Миколаю"),
        ("Любов", "Любове"), ("Настя", "Настю"), ("Мар’яна", "Мар’яно"), ("Ярослав", "Ярославе"), ("Ія", "Іє"),
    ])
    func ukrainianNamesTakeTheVocative(name: String, vocative: String) {
        #expect(Vocative.ukrainian(name) == vocative)
    }

    @Test(arguments: ["Дмитрий", "Алексей", "Иван", "Мария", "Наташа", "Саша", "Пётр", "Ілля", "Лев", "Павел", "ОЛЯ",
                      "Оля Петренко", "Анна-Марія", "Оля🌻", "Olя", "Я", "Кузьмич"])
    func uncertainNamesAreLeftOut(name: String) {
        #expect(Vocative.ukrainian(name) == nil)
    }

    @Test(arguments: ["Olya", "Taras", "🌻", "Anna-Maria", "12345"])
    func namesWithoutCyrillicStayAsTheyAre(name: String) {
        #expect(Vocative.ukrainian(name) == name)
    }
}
