import EntryParsing
import KopiykaCore
import Testing

/// Money received reads as income whoever writes it; money given away, or a bill a member
/// paid, stays spending (examples of our own, in uk, ru and en).
@Suite struct ReceivedMoneyTests {
    @Test(arguments: [
        ("мама дала 1000 на продукти", EntryKind.income), ("клієнтка скинула 600 за манік", .income),
        ("Ірина прислала сто євро", .income), ("запиши що Оля віддала мені тисячу за квитки", .income),
        ("брат переказав мені 700", .income), ("отримала передоплату 1 500", .income), ("клієнт заплатив 2000", .income),
        ("бабушка дала 500 на день рождения", .income), ("Валера отдал 500 за бензин", .income), ("заработал 800 на листовках", .income),
        ("Got paid today 6,450 zł", .income), ("got 250 zł back from the tax office", .income), ("grandma gave 20 usd", .income),
        ("пʼятихатку скинула хрещена", .income), ("штука від діда за оцінки", .income), ("500 от бабушки", .income),
        ("я скинула 600 за гурток", .expense), ("віддала за гурток 600", .expense), ("переказала мамі 1000", .expense),
        ("Тарас заплатив за світло 846", .expense), ("мамі дала 500", .expense), ("Олі дала 500", .expense),
        ("got coffee 85", .expense), ("Я отдал 700 за ремонт", .expense), ("sent mom 100 usd", .expense),
        // A reviewer's finds: an adverb, a dative, a bill, a purchase from someone's place.
        ("Вже скинула 500 на подарунок", .expense), ("Щойно скинула 200 на подарунок вчительці", .expense),
        ("Маме дала 500", .expense), ("прийшла комуналка 2300", .expense), ("отримав штраф 340", .expense),
        ("таксі від мами 150", .expense), ("got pizza from Dominos 25", .expense), ("got gas on the way back 50", .expense),
        ("Today transferred 500 to savings", .expense),
        // Money that arrived, and things the writer sold.
        ("пенсія прийшла 4100", .income), ("аванс пришёл 9 000", .income), ("зарахували стипендію 2000", .income),
        ("Pensja przyszła 5 200 zł", .income), ("money from Aunt Olha 100 usd", .income),
        ("сусідка купила у мене яйця на 120", .income), ("прийшла платіжка за газ 900", .expense),
        ("заплатила 300", .expense), ("заплатив 5 євро", .expense),
        // Tips, wages and prizes the writer was given; tips they left.
        ("чайові сьогодні 420 накидали", .income), ("чаевые за смену 300 накидали", .income), ("got 15 usd tip from a customer", .income),
        ("Gehalt 1800 Euro bekommen", .income), ("за конкурс дали 500 призових", .income), ("призовые 2000 за турнир", .income),
        ("prize money 100 usd", .income), ("залишила чайові 50", .expense), ("оставила чаевые 100", .expense), ("tips 40 at the bar", .expense),
        // An order the writer paid for is spending; one a client paid, income.
        ("замовлення на Розетці оплатила 1 250", .expense), ("заказ оплатил 900", .expense), ("paid for the order 40 usd", .expense),
        ("клієнт оплатив замовлення 3000", .income), ("Марко оплатив замовлення 2400", .income), ("заплатили зарплату 20000", .income), ("замовлення 5000", .income),
    ])
    func direction(_ text: String, _ kind: EntryKind) throws {
        let entries = try EntryParser().parse(text, today: LocalDate(year: 2026, month: 12, day: 7)!).get()
        #expect(entries.map(\.kind) == [kind], "\(text)")
    }
}
