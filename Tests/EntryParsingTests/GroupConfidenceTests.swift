import EntryParsing
import Testing

/// In a family group with privacy mode off, only text that reads as an entry with confidence is
/// one: an amount with a category, merchant, currency or account word. Chatter is not.
@Suite struct GroupConfidenceTests {
    static let entries: [String] = [
        // uk
        "кава 85", "таксі 150", "Сільпо 1 234,56", "продукти 456 картка", "85 грн", "20 usd", "₴300",
        "заправка 1650", "молоко 42, хліб 28", "+30000 зарплата", "аптека 230 готівкою", "АТБ 215,40",
        "2 кг яблук 96", "обід о 13:30 240", "Rozetka замовлення 48213377 2500", "300 з моно",
        "купив торт 680 на суботу", "здала 1000 на новорічний стіл", "я скинув 300 за мангал", "заплатила 846",
        "заплатив за квартиру 12 000, з наступного місяця буде 13 000", "заплатил за садик 1800, дальше будет 2000",
        // ru
        "кофе 85", "такси 150", "продукты 456", "бензин 30 л 1650", "обед 250 наличными", "100 долларов",
        // en
        "coffee 85", "taxi 150", "groceries 456", "lunch at 12 250", "50 bucks", "pharmacy 230 cash",
    ]

    static let chatter: [String] = [
        // uk
        "Буду вдома о 18", "купи 2 літри молока", "я на 3 поверсі", "буду через 5 хвилин", "в мене 2 пари",
        "дитині 7 років", "зустрінемось о 19:30", "подзвони 067 123 45 67", "через 2 тижні відпустка", "кімната 305",
        "маємо 3 години", "обід 250 300", "lunch 250 300", "обед 250 300", "ну 100 разів казала", "ок 👍", "купи хліб",
        "скинемось по 500?", "давайте по 250 на шашлик", "на картці лишилось 1 240", "палата 312",
        // ru
        "буду дома в 18:00", "я на 3 этаже", "осталось 2 дня", "через 2 недели отпуск", "кв 45",
        // en
        "home at 6", "I'm on the 3rd floor", "see you in 10", "room 305", "back in 2 hours", "see you in 2 weeks",
    ]

    @Test(arguments: entries) func isAnEntry(_ text: String) {
        #expect(EntryParser().readsAsEntry(text, today: today), "\(text)")
    }

    @Test(arguments: chatter) func staysChatter(_ text: String) {
        #expect(!EntryParser().readsAsEntry(text, today: today), "\(text)")
    }
}
