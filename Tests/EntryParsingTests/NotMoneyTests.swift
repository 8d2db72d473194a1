import Testing

/// Numbers that are not the amount: a date, a time, a percentage, a quantity with its unit, a
/// phone, card or order number, a bank notice's balance. Each is read as what it is.
@Suite struct NotMoneyTests {
    static let uk = MessageRow.rows("""
    кава 85 2026-11-10 => expense 85.00 UAH cafe - 2026-11-10 | кава
    кава 85 10-11-2026 => expense 85.00 UAH cafe - 2026-11-10 | кава
    таксі 120 12/11/2026 => expense 120.00 UAH taxi - 2026-11-12 | таксі
    2026-11-02 продукти 456 => expense 456.00 UAH groceries - 2026-11-02 | продукти
    Rozetka замовлення 48213377 2500 => expense 2500.00 UAH electronics - 0 | Rozetka замовлення 48213377
    замовлення №48213377 Нова пошта 70 => expense 70.00 UAH other - 0 | замовлення №48213377 Нова пошта
    ТТН 20450123456789 доставка 85 => expense 85.00 UAH other - 0 | ТТН 20450123456789 доставка
    обід о 13:30 240 => expense 240.00 UAH cafe - 0 | обід о 13:30
    о 9:15 кава 60 => expense 60.00 UAH cafe - 0 | о 9:15 кава
    обід об 11 250 => expense 250.00 UAH cafe - 0 | обід об 11
    перукарня о 17 500 => expense 500.00 UAH beauty - 0 | перукарня о 17
    знижка 20% куртка 1800 => expense 1800.00 UAH clothing - 0 | знижка 20% куртка
    куртка 1800 знижка 20 % => expense 1800.00 UAH clothing - 0 | куртка знижка 20 %
    куртка 1800 знижка 30 відсотків => expense 1800.00 UAH clothing - 0 | куртка знижка 30 відсотків
    2 кг яблук 96 => expense 96.00 UAH groceries - 0 | 2 кг яблук
    бензин 30 л 1650 => expense 1650.00 UAH fuel - 0 | бензин 30 л
    молоко 2 літри 84 => expense 84.00 UAH groceries - 0 | молоко 2 літри
    сир 300 г 160 => expense 160.00 UAH groceries - 0 | сир 300 г
    вода 6 пляшок 120 => expense 120.00 UAH groceries - 0 | вода 6 пляшок
    квартплата за 3 місяці 4500 => expense 4500.00 UAH housing - 0 | квартплата за 3 місяці
    таксі 150 +380 67 123 45 67 => expense 150.00 UAH taxi - 0 | таксі +380 67 123 45 67
    таксі 150 +380671234567 => expense 150.00 UAH taxi - 0 | таксі +380671234567
    кур'єр 067 123 45 67 доставка 90 => expense 90.00 UAH other - 0 | кур'єр 067 123 45 67 доставка
    кур'єр 200 067 123 45 67 => expense 200.00 UAH other - 0 | кур'єр 067 123 45 67
    кур'єр 200 067-123-45-67 => expense 200.00 UAH other - 0 | кур'єр 067-123-45-67
    квартира 1 050 000 => expense 1050000.00 UAH housing - 0
    Сільпо 342,50 картка *1234 => expense 342.50 UAH groceries card 0 | Сільпо *1234
    Покупка 342.50 UAH Сільпо Баланс 12 431.07 UAH => expense 342.50 UAH groceries - 0 | Покупка Сільпо
    Покупка 342.50 UAH\\nСільпо\\nБаланс 12 431.07 UAH => expense 342.50 UAH groceries - 0
    Сільпо\\n−342.50₴\\nБаланс 12 431.07₴ => expense 342.50 UAH groceries - 0
    342.50UAH Оплата. АТБ. 5168**1234 12:31 Бал. 12431.07UAH => expense 342.50 UAH groceries - 0
    АТБ 215,40 грн\\nКартка *4417\\nДоступно 3 120,00 грн => expense 215.40 UAH groceries card 0
    Monobank: АТБ −215,40 ₴, баланс 3 120,00 ₴ => expense 215.40 UAH groceries monobank 0
    Списання 1 250 UAH Glovo. Залишок 8 000 UAH => expense 1250.00 UAH cafe - 0
    ліки 230 по рецепту № 1547 => expense 230.00 UAH health - 0 | ліки по рецепту № 1547
    посилка 59001234567890 доставка 60 => expense 60.00 UAH other - 0
    переказ на картку 5168**1234 500 => expense 500.00 UAH other card 0
    картка 4149 **** **** 5678 кава 85 => expense 85.00 UAH cafe card 0 | 4149 **** **** 5678 кава
    таксі на 7:45 190 => expense 190.00 UAH taxi - 0 | таксі на 7:45
    паркування 2 години 60 => expense 60.00 UAH car - 0 | паркування 2 години
    ковбаса 0,5 кг 180 => expense 180.00 UAH groceries - 0 | ковбаса 0,5 кг
    яйця 10 шт 62 => expense 62.00 UAH groceries - 0 | яйця 10 шт
    доставка на 9 поверх 150 => expense 150.00 UAH other - 0
    дитині 7 років подарунок 500 => expense 500.00 UAH kids - 0
    Буду вдома о 18 => no_amount
    вже о 18:40 буду => no_amount
    дитині 7 років => no_amount
    купи 2 літри молока => no_amount
    я на 3 поверсі => no_amount
    зателефонуй 067 123 45 67 => no_amount
    знижка 20% => no_amount
    кабінет 305, аналізи 640 => expense 640.00 UAH health - 0 | кабінет 305, аналізи
    вагон 4 місце 33 квиток 560 => expense 560.00 UAH entertainment - 0 | вагон 4 місце 33 квиток
    маршрутка 208 квиток 25 => expense 25.00 UAH transport - 0 | маршрутка 208 квиток
    маршрутка 15 => expense 15.00 UAH transport - 0 | маршрутка
    рахунок 2:1 ставка 200 => expense 200.00 UAH other - 0 | рахунок 2:1 ставка
    за квартиру 950 => expense 950.00 UAH housing - 0 | за квартиру
    домофон 45 => expense 45.00 UAH utilities - 0 | домофон
    нарада з 9 до 18, обід 240 => expense 240.00 UAH cafe - 0 | нарада з 9 до 18, обід
    доїхали, хвилин 40 стояли в заторі => no_amount
    вул. Шевченка 12, кава 70 => expense 70.00 UAH cafe - 0 | вул. Шевченка 12, кава
    мені вже сорок два роки => no_amount
    """)

    static let ru = MessageRow.rows("""
    кофе 85 2026-11-10 => expense 85.00 UAH cafe - 2026-11-10 | кофе
    обед в 13:30 240 => expense 240.00 UAH cafe - 0 | обед в 13:30
    скидка 20% куртка 1800 => expense 1800.00 UAH clothing - 0 | скидка 20% куртка
    куртка 1800 скидка 15 процентов => expense 1800.00 UAH clothing - 0
    2 кг яблок 96 => expense 96.00 UAH groceries - 0 | 2 кг яблок
    бензин 30 л 1650 => expense 1650.00 UAH fuel - 0 | бензин 30 л
    молоко 2 литра 84 => expense 84.00 UAH groceries - 0 | молоко 2 литра
    сыр 300 г 160 => expense 160.00 UAH groceries - 0 | сыр 300 г
    заказ 48213377 Розетка 2500 => expense 2500.00 UAH electronics - 0 | заказ 48213377 Розетка
    такси 150 +380 67 123 45 67 => expense 150.00 UAH taxi - 0 | такси +380 67 123 45 67
    такси 150 позвонить 050 123 45 67 => expense 150.00 UAH taxi - 0
    Покупка 342.50 UAH Сильпо Остаток 12 431.07 UAH => expense 342.50 UAH groceries - 0 | Покупка Сильпо
    Оплата 342.50 UAH\\nАТБ\\nОстаток: 12 431.07 UAH => expense 342.50 UAH groceries - 0
    карта *4417 аптека 230 => expense 230.00 UAH health card 0 | *4417 аптека
    заказ № 48213377 доставка 70 => expense 70.00 UAH other - 0
    такси в 7:45 190 => expense 190.00 UAH taxi - 0 | такси в 7:45
    колбаса 0,5 кг 180 => expense 180.00 UAH groceries - 0
    яйца 10 шт 62 => expense 62.00 UAH groceries - 0
    такси 150 водитель 050 123 45 67 => expense 150.00 UAH taxi - 0 | такси водитель 050 123 45 67
    Списание 1 250 UAH Glovo. Доступно 8 000 UAH => expense 1250.00 UAH cafe - 0
    буду дома в 18:00 => no_amount
    позвони 067 123 45 67 => no_amount
    купи 2 литра молока => no_amount
    я на 3 этаже => no_amount
    кабинет 214 анализы 640 => expense 640.00 UAH health - 0 | кабинет 214 анализы
    """)

    static let en = MessageRow.rows("""
    coffee 85 2026-11-10 => expense 85.00 UAH cafe - 2026-11-10 | coffee
    lunch at 13:30 240 => expense 240.00 UAH cafe - 0 | lunch at 13:30
    dinner at 7pm 640 => expense 640.00 UAH cafe - 0 | dinner at 7pm
    lunch at 12 250 => expense 250.00 UAH cafe - 0 | lunch at 12
    discount 20% jacket 1800 => expense 1800.00 UAH clothing - 0 | discount 20% jacket
    2 kg apples 96 => expense 96.00 UAH groceries - 0 | 2 kg apples
    petrol 30 l 1650 => expense 1650.00 UAH fuel - 0 | petrol 30 l
    milk 2 liters 84 => expense 84.00 UAH groceries - 0 | milk 2 liters
    order 48213377 Rozetka 2500 => expense 2500.00 UAH electronics - 0 | order 48213377 Rozetka
    taxi 150 +380 67 123 45 67 => expense 150.00 UAH taxi - 0 | taxi +380 67 123 45 67
    Purchase 342.50 UAH Silpo Balance 12,431.07 UAH => expense 342.50 UAH groceries - 0 | Purchase Silpo
    Silpo 342.50 UAH\\nCard *1234\\nAvailable 12,431.07 UAH => expense 342.50 UAH groceries card 0
    card *4417 pharmacy 230 => expense 230.00 UAH health card 0 | *4417 pharmacy
    order #48213377 delivery 70 => expense 70.00 UAH other - 0
    eggs 10 pcs 62 => expense 62.00 UAH groceries - 0 | eggs 10 pcs
    cheese 0.5 kg 180 => expense 180.00 UAH groceries - 0
    tip 10% dinner 900 => expense 900.00 UAH cafe - 0
    parking 2 hours 60 => expense 60.00 UAH car - 0 | parking 2 hours
    coffee 85 on 2026-11-10 => expense 85.00 UAH cafe - 2026-11-10
    home at 6 => no_amount
    call me at 067 123 45 67 => no_amount
    meet at 18:30 => no_amount
    buy 2 liters of milk => no_amount
    I'm on the 3rd floor => no_amount
    flat 14 rent 9000 => expense 9000.00 UAH housing - 0 | flat 14 rent
    bus 152 ticket 40 => expense 40.00 UAH transport - 0 | bus 152 ticket
    my flat is number 7 => no_amount
    lives at 14 Baker St, lunch 12 gbp => expense 12.00 GBP cafe - 0 | lives at 14 Baker St, lunch
    """)

    @Test(arguments: uk) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: ru) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: en) func english(_ row: MessageRow) { row.check() }
}
