import Testing

/// Everyday and dictated language: spoken halves and slang thousands, fillers inside numbers,
/// income said as it happens, a bank over a card word, whole-word accounts, Latin look-alike
/// letters, and the categories people expect.
@Suite struct SpeechTables {
    static let uk = """
    ремонт п'ять з половиною тисяч => expense 5500.00 UAH home - 0 | ремонт
    оренда дванадцять з половиною тисяч => expense 12500.00 UAH housing - 0 | оренда
    ремонт дві тищі => expense 2000.00 UAH home - 0 | ремонт
    ремонт тища гривень => expense 1000.00 UAH home - 0 | ремонт
    ремонт три косарі => expense 3000.00 UAH home - 0 | ремонт
    телевізор дві штуки => expense 2000.00 UAH electronics - 0 | телевізор
    хліб 2 штуки 60 => expense 60.00 UAH groceries - 0
    ремонт тисяча ну двісті => expense 1200.00 UAH home - 0 | ремонт
    обід сто е п'ятдесят => expense 150.00 UAH cafe - 0 | обід
    Оля переказала мені 500 => income 500.00 UAH other_income - 0 | Оля переказала мені
    Петро повернув борг 1000 => income 1000.00 UAH refund - 0 | Петро повернув борг
    клієнт оплатив 12000 => income 12000.00 UAH freelance - 0 | клієнт оплатив
    виплата upwork 800 usd => income 800.00 USD other_income - 0
    кава 85 карткою моно => expense 85.00 UAH cafe monobank 0 | кава
    кава 85 моно карткою => expense 85.00 UAH cafe monobank 0 | кава
    кава 85 з карти приват => expense 85.00 UAH cafe privatbank 0 | кава
    кешью 120 => expense 120.00 UAH groceries - 0 | кешью
    кaва 85 => expense 85.00 UAH cafe - 0 | кaва
    тaксі 120 => expense 120.00 UAH taxi - 0 | тaксі
    заміна масла 1200 => expense 1200.00 UAH car - 0 | заміна масла
    шиномонтаж 800 => expense 800.00 UAH car - 0 | шиномонтаж
    автомийка 250 => expense 250.00 UAH car - 0 | автомийка
    дп 1500 окко => expense 1500.00 UAH fuel - 0
    купив телефон 15000 => expense 15000.00 UAH electronics - 0 | купив телефон
    поповнення телефону 200 => expense 200.00 UAH mobile - 0 | поповнення телефону
    United24 500 => expense 500.00 UAH donations - 0 | United24
    благодійний фонд 300 => expense 300.00 UAH donations - 0 | благодійний фонд
    шава 150 => expense 150.00 UAH cafe - 0 | шава
    за свєт 900 => expense 900.00 UAH utilities - 0 | за свєт
    """

    static let ru = """
    ремонт пять с половиной тысяч => expense 5500.00 UAH home - 0 | ремонт
    ремонт две тыщи => expense 2000.00 UAH home - 0 | ремонт
    ремонт косарь => expense 1000.00 UAH home - 0 | ремонт
    ремонт тысяча э двести => expense 1200.00 UAH home - 0 | ремонт
    Оля перевела мне 500 => income 500.00 UAH other_income - 0 | Оля перевела мне
    Петя вернул долг 1000 => income 1000.00 UAH refund - 0 | Петя вернул долг
    клиент оплатил 12000 => income 12000.00 UAH freelance - 0 | клиент оплатил
    кофе 85 карточкой моно => expense 85.00 UAH cafe monobank 0 | кофе
    кешью 120 => expense 120.00 UAH groceries - 0 | кешью
    кoфе 85 => expense 85.00 UAH cafe - 0 | кoфе
    замена масла 1200 => expense 1200.00 UAH car - 0 | замена масла
    купил телефон 15000 => expense 15000.00 UAH electronics - 0 | купил телефон
    шава 150 => expense 150.00 UAH cafe - 0 | шава
    за свет 900 => expense 900.00 UAH utilities - 0 | за свет
    """

    static let en = """
    repairs five and a half thousand => expense 5500.00 UAH home - 0 | repairs
    repairs one thousand um two hundred => expense 1200.00 UAH home - 0 | repairs
    Olha sent me 500 => income 500.00 UAH other_income - 0 | Olha sent me
    Peter paid back 1000 => income 1000.00 UAH refund - 0 | Peter paid back
    client paid 12000 => income 12000.00 UAH freelance - 0 | client paid
    coffee 85 card mono => expense 85.00 UAH cafe monobank 0 | coffee
    oil change 1200 => expense 1200.00 UAH car - 0 | oil change
    car wash 250 => expense 250.00 UAH car - 0 | car wash
    new phone 15000 => expense 15000.00 UAH electronics - 0 | new phone
    charity fund 300 => expense 300.00 UAH donations - 0 | charity fund
    """

    @Test(arguments: MessageRow.rows(uk)) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(ru)) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(en)) func english(_ row: MessageRow) { row.check() }
}

extension SpeechTables {
    static let fuelGrades = """
    А-95 1200 => expense 1200.00 UAH fuel - 0
    a-95 1200 => expense 1200.00 UAH fuel - 0
    бензин А-95 40 л 2200 => expense 2200.00 UAH fuel - 0
    """

    @Test(arguments: MessageRow.rows(fuelGrades)) func fuelGrade(_ row: MessageRow) { row.check() }
}
