@testable import EntryParsing
import KopiykaCore
import Testing

/// Messages with an amount that is no money moved, in uk, ru and en (examples of our own, not
/// a blind set's), and their near misses that are entries.
@Suite struct MessageIntentTests {
    static let today = LocalDate(year: 2026, month: 12, day: 7)!

    @Test(arguments: [
        ("купи 3 батони і кефір", ParseFailure.request),
        ("не забудь 200 на екскурсію", .request),
        ("треба оплатити інтернет 250", .request),
        ("оплати будь ласка світло 846", .request),
        ("скиньте по 300 на квіти вчительці", .request),
        ("купите хлеба на 40", .request),
        ("надо заплатить за свет 900", .request),
        ("remind me to pay 300 for the gym", .request),
        ("скільки вийде 320 + 145?", .question),
        ("а скільки ми віддали за світло 846?", .question),
        ("сколько ушло на свет 900?", .question),
        ("is 50 zł enough for the gift?", .question),
        ("зарплата буде 30 000", .plan),
        ("в суботу куплю шини за 8000", .plan),
        ("будет 5 тысяч премии", .plan),
        ("I'll send you 200 € next week", .plan),
        ("на моно лишилось 1 200", .state),
        ("на карте осталось 350", .state),
        ("кава в центрі вже коштує 90", .state),
        ("гречка подорожчала до 62", .state),
        ("в центрі кава по 90, я не брала", .state),
        ("у мене на рахунку 800 до кінця тижня", .state), ("на картці ще 1 500", .state),
        ("у меня 200 наличкой", .state), ("вода 38,4 за куб з січня", .state), ("тариф на світло 4,32", .state),
        ("сантехнік каже 1 800 за роботу", .state), ("у Сільпо акція, сир 99", .state),
        ("I could lend you 300 zł", .plan), ("завтра беремо торт за 600?", .plan),
        ("Знижки на куртки! Тільки до 15.12. Ціни від 899 грн", .state), ("скидки до 20% на всё, цены от 199 грн", .state),
        ("Black Friday sale! Only till 15.12, prices from 19 €", .state),
        // A price per unit, a rate, a balance till payday, a reading of the body.
        ("в Novus черешня 189 за кіло, дешево", .state), ("помидоры 60 грн за кг на рынке", .state), ("apples 2.49 € per kg", .state),
        ("курс євро вже 48,2", .state), ("курс доллара 41,8 в обменнике", .state), ("the dollar rate is 41.5 today", .state),
        ("на приваті 540 до зп", .state), ("на карте 300 до получки", .state), ("30 bucks left till payday", .state),
        ("тиск 135 на 85 зранку", .state), ("температура 38,2 у малого", .state), ("blood pressure 140 over 90", .state),
        // A question that closes a clause about a price asks about it.
        ("бачила куртку за 2400, брати?", .question), ("нашел велик за 5к, норм?", .question),
        ("the hotel is 90 € a night, worth it?", .question),
        // A plan, a budget of intentions, an offer to take.
        ("думаю взяти абонемент, 900 на місяць", .plan), ("думаю купить палатку за 3000", .plan),
        ("thinking of a gym pass, 40 usd a month", .plan), ("домовились з майстром на 1500", .plan),
        ("план на грудень: продукти 9000, комуналка 3000", .plan), ("план на неделю: бензин 1500, еда 2000", .plan),
        ("plan for January: rent 800, food 300", .plan),
        ("в Сільпо масло по 65, беріть", .request), ("в магазине молоко по 38, берите", .request),
        ("eggs 2.99 at Lidl, grab some", .request),
    ])
    func recordsNothing(_ text: String, _ failure: ParseFailure) {
        #expect(EntryParser().parse(text, today: Self.today).failure == failure, "\(text)")
        #expect(!EntryParser().readsAsEntry(text, today: Self.today), "\(text)")
    }

    @Test(arguments: [
        "купила хліб 45", "купив шини 8000", "заплатила за світло 846", "bought milk 2.50 usd",
        "взяв таксі 120", "запиши: треба було віддати 200 за гурток", "кава 85", "записать такси 150",
        // A reviewer's finds: an afterthought, a reason or another clause's question is no intent.
        "такси 200, завтра будет дороже", "молоко 45, знову подорожчало", "купила ліки 320, бо треба",
        "Сільпо 450, а хто брав молоко?", "ліки 320, решту віддам завтра", "Чоловік сказав скинь 300, скинула",
        "кава 50, на карті лишилось 300",
        // Money spent in the past tense makes its own part an entry, not a plan said after it.
        "оплатила садок 1800, наступного місяця буде 2000", "оплатил садик 1800, в следующем месяце будет 2000",
        "paid the gym 40, next month it will be 45",
        "купила черешню 189 за кіло", "Сільпо 450, а хто брав молоко?", "кава 85, де ти?",
    ])
    func recordsWhatWasSpent(_ text: String) throws {
        let entries = try EntryParser().parse(text, today: Self.today).get()
        #expect(entries.count == 1, "\(text)")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
