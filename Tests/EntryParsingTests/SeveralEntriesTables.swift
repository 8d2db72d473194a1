import Testing

/// Several entries written as people write them: with `і`/`та`/`and`, as sentences, and as
/// lists without commas; and what must stay one entry.
@Suite struct SeveralEntriesTables {
    static let uk = """
    кава 70 та круасан 55 => expense 70.00 UAH cafe - 0 | кава ;; expense 55.00 UAH cafe - 0 | круасан
    таксі 150 і обід 320 => expense 150.00 UAH taxi - 0 | таксі ;; expense 320.00 UAH cafe - 0 | обід
    таксі 150 й обід 320 => expense 150.00 UAH taxi - 0 | таксі ;; expense 320.00 UAH cafe - 0 | обід
    Таксі 150. Обід 320. => expense 150.00 UAH taxi - 0 | Таксі ;; expense 320.00 UAH cafe - 0 | Обід
    кава 85! таксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    молоко 42 хліб 28 сир 160 => expense 42.00 UAH groceries - 0 | молоко ;; expense 28.00 UAH groceries - 0 | хліб ;; expense 160.00 UAH groceries - 0 | сир
    вчора кава 85 таксі 120 картка => expense 85.00 UAH cafe - -1 | кава ;; expense 120.00 UAH taxi card -1 | таксі
    кава 85 грн таксі 120 грн => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    хліб і молоко 60 => expense 60.00 UAH groceries - 0 | хліб і молоко
    кава 85 і з собою => expense 85.00 UAH cafe - 0 | кава і з собою
    кава 85 і 2 круасани => expense 85.00 UAH cafe - 0
    15 тис. ремонт => expense 15000.00 UAH home - 0 | ремонт
    кава 85 грн. Картка => expense 85.00 UAH cafe card 0 | кава
    подарунок 1.5к кава 85.50 => expense 1500.00 UAH gifts - 0 | подарунок ;; expense 85.50 UAH cafe - 0 | кава
    комуналка 1 234 => expense 1234.00 UAH utilities - 0 | комуналка
    кава 85 12.11 => expense 85.00 UAH cafe - 2026-11-12 | кава
    2 кави 170 => expense 170.00 UAH cafe - 0
    бензин 30 л 1650 => expense 1650.00 UAH fuel - 0
    оренда 15 тис. 12.11 => expense 15000.00 UAH housing - 2026-11-12 | оренда
    кава 85 грн. Таксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | Таксі
    шаурма 120 + компот 35 => expense 120.00 UAH cafe - 0 | шаурма ;; expense 35.00 UAH other - 0 | компот
    """

    static let ru = """
    кофе 70 и круассан 55 => expense 70.00 UAH cafe - 0 | кофе ;; expense 55.00 UAH cafe - 0 | круассан
    такси 150 и обед 320 => expense 150.00 UAH taxi - 0 | такси ;; expense 320.00 UAH cafe - 0 | обед
    Такси 150. Обед 320. => expense 150.00 UAH taxi - 0 | Такси ;; expense 320.00 UAH cafe - 0 | Обед
    молоко 42 хлеб 28 сыр 160 => expense 42.00 UAH groceries - 0 | молоко ;; expense 28.00 UAH groceries - 0 | хлеб ;; expense 160.00 UAH groceries - 0 | сыр
    хлеб и молоко 60 => expense 60.00 UAH groceries - 0 | хлеб и молоко
    кофе 85 и 2 круассана => expense 85.00 UAH cafe - 0
    обед 230 грн. такси 120 => expense 230.00 UAH cafe - 0 | обед ;; expense 120.00 UAH taxi - 0 | такси
    шаверма 150 + морс 40 => expense 150.00 UAH cafe - 0 | шаверма ;; expense 40.00 UAH other - 0 | морс
    """

    static let en = """
    coffee 60 and cake 90 => expense 60.00 UAH cafe - 0 | coffee ;; expense 90.00 UAH cafe - 0 | cake
    Taxi 150. Lunch 320. => expense 150.00 UAH taxi - 0 | Taxi ;; expense 320.00 UAH cafe - 0 | Lunch
    milk 42 bread 28 cheese 160 => expense 42.00 UAH groceries - 0 | milk ;; expense 28.00 UAH groceries - 0 | bread ;; expense 160.00 UAH groceries - 0 | cheese
    bread and milk 60 => expense 60.00 UAH groceries - 0 | bread and milk
    coffee two hundred and fifty => expense 250.00 UAH cafe - 0 | coffee
    taxi 12.50 usd and lunch 300 => expense 12.50 USD taxi - 0 | taxi ;; expense 300.00 UAH cafe - 0 | lunch
    Tesco £41.10 + bakery £4.60 => expense 41.10 GBP other - 0 | Tesco ;; expense 4.60 GBP cafe - 0 | bakery
    """

    @Test(arguments: MessageRow.rows(uk)) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(ru)) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(en)) func english(_ row: MessageRow) { row.check() }
}
