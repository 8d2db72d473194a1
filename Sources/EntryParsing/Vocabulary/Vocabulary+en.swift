extension Vocabulary {
    static let en = """
    // Grammar words
    account.card: card, debit card, credit card
    account.cash: cash
    account.monobank: mono, monobank
    account.privatbank: privat, privatbank, privat24
    preposition: by, from, with, via
    currency.UAH: uah, hryvnia, hryvnias, hryvnya, hrn, grn
    currency.USD: usd, dollar, dollars, bucks, buck
    currency.EUR: eur, euro, euros
    currency.PLN: pln, zł, zl, zloty, zlotys
    currency.RUB: rub, ruble, rubles, rouble, roubles
    currency.CHF: franc, francs
    currency.GBP: gbp, pound, pounds, quid
    minor: cents, cent, pence, penny, kopiykas, kopecks, groszy, grosz, grosze
    date.0: today
    date.1: yesterday
    month.1: january, jan
    month.2: february, feb
    month.3: march, mar
    month.4: april, apr
    month.5: may
    month.6: june, jun
    month.7: july, jul
    month.8: august, aug
    month.9: september, sep, sept
    month.10: october, oct
    month.11: november, nov
    month.12: december, dec
    private: #private
    number.0: zero
    number.filler: um, uh, er, erm, uhm
    number.1: one
    number.2: two
    number.3: three
    number.4: four
    number.5: five
    number.6: six
    number.7: seven
    number.8: eight
    number.9: nine
    number.10: ten
    number.11: eleven
    number.12: twelve
    number.13: thirteen
    number.14: fourteen
    number.15: fifteen
    number.16: sixteen
    number.17: seventeen
    number.18: eighteen
    number.19: nineteen
    number.20: twenty
    number.30: thirty
    number.40: forty, fourty
    number.50: fifty
    number.60: sixty
    number.70: seventy
    number.80: eighty
    number.90: ninety
    number.hundred: hundred, hundreds
    number.and: and
    scale.1000: thousand, thousands, grand
    scale.1000000: million, millions
    suffix.1000: k, ths
    suffix.1000000: mln
    scale.1000000000: billion, billions
    suffix.1000000000: bn

    // Expenses
    groceries: groceries, grocery, food, supermarket, market, bread, milk, cheese, eggs, meat, chicken, fish, vegetables, veggies, fruit, fruits, apples, bananas, rice, pasta, sugar, water, juice, snacks, sweets, chocolate, tea, butter
    cafe: coffee, cafe, cake, pastry, café, coffee shop, latte, cappuccino, americano, espresso, restaurant, bar, pub, beer, wine, cocktail, lunch, breakfast, dinner, brunch, pizza, sushi, burger, burgers, shawarma, takeaway, takeout, food delivery, tips, donut, croissant, ice cream, bakery, dessert, smoothie
    taxi: taxi, cab, ride
    transport: transport, metro, subway, bus, tram, trolleybus, train ticket, ticket for metro, scooter, transit, fare
    fuel: fuel, gas station, petrol, diesel, gasoline, refuel, filling station
    car: oil change, tyres, tires, car wash, car service, garage, car, car wash, carwash, tyres, tires, parking, car repair, mechanic, car insurance, fine, oil change, spare parts, garage
    housing: rent, apartment, flat, mortgage, housing, landlord, lease
    utilities: utilities, utility bills, electricity, power bill, heating, gas bill, water bill, internet, wifi, trash
    mobile: mobile, phone, phone top up, top up, topup, phone bill, sim, cellular
    health: pharmacy, medicine, medicines, pills, vitamins, doctor, clinic, hospital, dentist, dental, tests, lab, massage, glasses, lenses, therapist, therapy, vaccine, drugstore
    beauty: haircut, hairdresser, barber, manicure, pedicure, cosmetics, makeup, beauty salon, salon, nails, perfume, spa, skincare, shampoo
    clothing: clothes, clothing, jacket, jeans, pants, trousers, dress, skirt, shirt, t-shirt, sweater, hoodie, shoes, sneakers, boots, socks, underwear, hat, scarf, gloves, coat, bag, backpack, belt
    home: household, home, cleaning supplies, detergent, dishes, furniture, repair, renovation, tools, paint, light bulb, bedding, towels, curtains, carpet, decor, cleaning
    electronics: new phone, bought a phone, bought phone, new laptop, electronics, laptop, computer, pc, smartphone, iphone, headphones, earbuds, charger, cable, tablet, tv, monitor, keyboard, mouse, power bank, powerbank, generator, gadget, router, console
    kids: kids, kid, children, child, baby, nanny, babysitter, diapers, toys, toy, kindergarten, daycare, school, stationery, stroller
    education: education, tuition, course, courses, tutor, lessons, lesson, university, college, textbook, book, books, seminar, training course, webinar, exam, classes
    entertainment: entertainment, cinema, movie, movies, theatre, theater, concert, tickets, ticket, exhibition, museum, bowling, billiards, escape room, karaoke, club, party, circus, zoo, games, game, festival, aquapark
    subscriptions: subscription, subscriptions, streaming, cloud storage
    sport: sport, sports, gym, fitness, workout, trainer, membership, pool, swimming, yoga, pilates, boxing, football, tennis, protein, bicycle, bike, crossfit, dance
    pets: pet, pets, cat, dog, pet food, cat food, dog food, vet, veterinarian, litter, grooming, pet shop
    gifts: gift, gifts, present, presents, flowers, bouquet, birthday, anniversary, wedding, souvenir
    travel: travel, trip, vacation, holiday, hotel, hostel, booking, airbnb, flight, flights, plane tickets, train, tour, excursion, visa, luggage
    donations: fund, charity fund, donation, donations, donate, donated, charity, fundraiser, fundraising, volunteers, army, afu
    taxes: tax, taxes, income tax, customs, duty
    other: other, misc, miscellaneous

    // Income
    salary: salary, paycheck, payroll, wage, wages, lohn, gehalt, bonus, advance, overtime, wypłata, wypłatę, pensja, pensję, nadgodziny
    freelance: client paid, client payment, upwork, fiverr, payoneer, payout, freelance, freelancing, gig, side job, client payment, contract work
    cashback: cashback, cash back
    refund: paid back, paid me back, repaid, refund, refunded, reimbursement, money back, zwrot, zwrot podatku, tax refund, tax return
    other_income: sent me, paid me, prize money, prize, transferred me, income, revenue, interest, dividends, dividend, sold, won, winnings, pension, allowance, stipend, gift money, birthday money, money from
    """
}
