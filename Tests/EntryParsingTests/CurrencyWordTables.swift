import Testing

/// Currencies as people abbreviate them: any ISO 4217 code in Latin or Cyrillic letters, the
/// everyday short forms, and a capitalized code that is no currency (refused, never hryvnias).
@Suite struct CurrencyWordTables {
    static let uk = """
    обід 1200 RSD => expense 1200.00 RSD cafe - 0 | обід
    обід 1200 рсд => expense 1200.00 RSD cafe - 0 | обід
    кава 3 усд => expense 3.00 USD cafe - 0 | кава
    таксі 20 еур => expense 20.00 EUR taxi - 0 | таксі
    таксі 20 євр => expense 20.00 EUR taxi - 0 | таксі
    кава 15 злотих => expense 15.00 PLN cafe - 0 | кава
    готель 100 дол => expense 100.00 USD travel - 0 | готель
    готель 100 долл => expense 100.00 USD travel - 0 | готель
    готель 100 баксів => expense 100.00 USD travel - 0 | готель
    сувенір 500 рублів => expense 500.00 RUB gifts - 0 | сувенір
    сувенір 500₽ => expense 500.00 RUB gifts - 0 | сувенір
    готель 2000 CZK => expense 2000.00 CZK travel - 0 | готель
    готель 2000 чзк => expense 2000.00 UAH travel - 0
    обід 300 грн => expense 300.00 UAH cafe - 0 | обід
    кава 85 XYZ => unknown_currency
    суші 40 ГБП => expense 40.00 GBP cafe - 0 | суші
    лак 200 => expense 200.00 UAH other - 0 | лак
    АТБ 500 => expense 500.00 UAH groceries - 0 | АТБ
    """

    static let ru = """
    обед 1200 рсд => expense 1200.00 RSD cafe - 0 | обед
    кофе 3 усд => expense 3.00 USD cafe - 0 | кофе
    такси 20 евр => expense 20.00 EUR taxi - 0 | такси
    такси 20 еур => expense 20.00 EUR taxi - 0 | такси
    отель 100 бакса => expense 100.00 USD travel - 0 | отель
    отель 100 долл => expense 100.00 USD travel - 0 | отель
    сувенир 500 рублей => expense 500.00 RUB gifts - 0 | сувенир
    сувенир 500 руб => expense 500.00 RUB gifts - 0 | сувенир
    кофе 15 злотых => expense 15.00 PLN cafe - 0 | кофе
    обед 40 ТРЙ => expense 40.00 TRY cafe - 0 | обед
    кофе 85 QQQ => unknown_currency
    """

    static let en = """
    lunch 1200 RSD => expense 1200.00 RSD cafe - 0 | lunch
    lunch 1200 rsd => expense 1200.00 RSD cafe - 0 | lunch
    coffee 3 USD => expense 3.00 USD cafe - 0 | coffee
    hotel 90 CHF => expense 90.00 CHF travel - 0 | hotel
    hotel 90 francs => expense 90.00 CHF travel - 0 | hotel
    souvenir 500 rub => expense 500.00 RUB gifts - 0 | souvenir
    sushi 5000 JPY => expense 5000 JPY cafe - 0 | sushi
    taxi TRY 300 => expense 300.00 TRY taxi - 0 | taxi
    coffee 85 ABC => unknown_currency
    top 100 => expense 100.00 UAH other - 0
    tea for all 40 => expense 40.00 UAH groceries - 0 | tea for all
    """

    @Test(arguments: MessageRow.rows(uk)) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(ru)) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(en)) func english(_ row: MessageRow) { row.check() }
}
