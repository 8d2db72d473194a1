import EntryParsing
import KopiykaCore
import Testing

@Suite struct NumberWordsTests {
    static let spoken = AmountRow.rows("""
    кава вісімдесят пʼять => 85
    кава вісімдесят п'ять => 85
    кава вісімдесят п’ять => 85
    кава вісімдесят пять => 85
    кава ВІСІМДЕСЯТ П'ЯТЬ => 85
    Кава Вісімдесят Пʼять Гривень => 85
    обід сто двадцять => 120
    ремонт тисяча двісті тридцять чотири => 1234
    кава двадцять одна гривня => 21
    оренда дві тисячі => 2000
    оренда півтори тисячі => 1500
    оренда пів тисячі => 500
    оренда півтисячі => 500
    кава сорок => 40
    кава дев'ятнадцять => 19
    обід триста сорок сім => 347
    ремонт сімсот тисяч => 700000
    машина триста п'ятдесят тисяч => 350000
    квартира два мільйони => 2000000
    квартира сто двадцять мільйонів триста тисяч => 120300000
    квартира дев'ятсот дев'яносто дев'ять мільйонів дев'ятсот дев'яносто дев'ять тисяч дев'ятсот дев'яносто дев'ять => 999999999
    оренда двадцять тис => 20000
    кофе восемьдесят пять => 85
    кофе ВОСЕМЬДЕСЯТ ПЯТЬ => 85
    обед сто двадцать => 120
    стрижка полторы тысячи => 1500
    стрижка полтысячи => 500
    стрижка пол тысячи => 500
    ремонт тысяча двести тридцать четыре => 1234
    ремонт две тысячи триста => 2300
    квартира три миллиона => 3000000
    кофе двадцать одна гривна => 21
    lunch eighty five => 85
    lunch Eighty Five => 85
    lunch eighty-five => 85
    rent two hundred and fifty => 250
    rent two hundred fifty => 250
    laptop one thousand two hundred thirty-four => 1234
    laptop one thousand two hundred and thirty four => 1234
    laptop fifteen hundred => 1500
    car twenty thousand => 20000
    house three hundred million => 300000000
    coffee five dollars => 5 USD
    кава вісімдесят п'ять гривень п'ятдесят копійок => 85.50
    кава півтори гривні => 1.50
    """)

    @Test(arguments: spoken) func spokenNumbers(_ row: AmountRow) { row.check() }

    @Test func digitsBeatNumberWords() throws {
        let entries = try EntryParser().parse("одна кава 45", today: today).get()
        #expect(entries[0].amount.minorUnits == 4500)
        #expect(entries[0].note == "одна кава")
    }

    @Test func halfAloneIsNotANumber() {
        #expect(EntryParser().parse("пів кави", today: today) == .failure(.noAmount))
    }
}
