/// The words that say a number next to them is not money, in Ukrainian, Russian and English,
/// in one table keyed by bytes (`WordKey`): a number's neighbours cost one lookup each, by the
/// word and then by its stem, so every form of a unit (`літр`, `літри`, `літрів`) is found.
struct NotMoneyWords: OptionSet, Sendable {
    let rawValue: UInt8

    static let unit = NotMoneyWords(rawValue: 1)
    static let percent = NotMoneyWords(rawValue: 2)
    static let balance = NotMoneyWords(rawValue: 4)
    static let id = NotMoneyWords(rawValue: 8)
    static let hour = NotMoneyWords(rawValue: 16)
    static let currency = NotMoneyWords(rawValue: 32)
    /// A place's number: a flat, a floor, a room, a seat (`кв 47`, `кабінет 305`, `вагон 4`).
    static let place = NotMoneyWords(rawValue: 64)
    /// A route's number (`маршрутка 208`, `bus 52`): a fare too, unless another number pays.
    static let route = NotMoneyWords(rawValue: 128)

    static func of(_ word: String, stem: String) -> NotMoneyWords {
        if let found = table[WordKey(word)] { return found }
        return stem.isEmpty || stem == word ? [] : stems[WordKey(stem)] ?? []
    }

    /// `3-й`, `2-го`, `3rd`: what a digit ordinal carries after it.
    static let ordinalEndings: Set<WordKey> = ["й", "ий", "ій", "го", "му", "ому", "ім", "ем", "st", "nd", "rd", "th"].map(WordKey.init)
        .reduce(into: []) { $0.insert($1) }

    private static let words: [(NotMoneyWords, String)] = [
        (.unit, """
            кг г л мл шт уп м км см мм хв год сек кило кіло кв kg g l ml lb lbs pcs pc km cm m min mins h hr hrs sq oz \
            літр літри літрів літра литр литра литров литры кілограм кілограми кілограмів кілограма килограмм \
            килограмма килограммов грам грами грамів грама грамм граммов штука штуки штук штучки пачка пачки пачок \
            упаковка упаковки упаковок пакет пакети пакетів пакета пакетов ящик ящики ящиків ящика коробка коробки \
            коробок пляшка пляшки пляшок бутылка бутылки бутылок банки банок метр метри метрів метра метров \
            кілометр кілометрів километр километров поверх поверсі поверху поверхи поверхів этаж этаже этажа этажей \
            етаж етажі хвилина хвилини хвилин хвилину минута минуты минут минуту година години годин годину часов \
            секунд секунди тиждень тижні тижнів неделя недели недель неделю місяць місяці місяців месяц месяца \
            месяцев рік роки років року лет года рочків рочки рочок годиков градус градуси градусів градуса \
            градусов degrees degree years yo liter liters litre litres kilo kilos gram grams piece \
            pieces pack packs bottle bottles meter meters metre metres floor storey minute minutes hour hours week \
            weeks month months gallon gallons
            """),
        (.percent, "відсоток відсотки відсотків процент процента процентов percent pct"),
        (.balance, """
            баланс бал залишок залишку остаток ост доступно доступний ліміт лимит balance bal available avail limit
            """),
        (.id, """
            замовлення замовленя заказ заказа order номер no id ттн накладна накладная чек receipt рахунок счет \
            счёт invoice посилка посилки посылка parcel tracking
            """),
        (.hour, "am pm годині годину часов часа oclock"),
        (.currency, "uah грн usd eur pln gbp гривень гривні"),
        (.place, """
            кв квартира квартири квартиру квартирі кімната кімнати кімнаті кабінет кабінету кабінеті палата палаті \
            палату вагон вагоні вагона місце місця місці підїзд підїзді подъезд подъезде домофон відділення \
            відділенні поштомат поштомату аудиторія аудиторії аудитория аудитории корпус каб кабинет кабинета \
            кабинете комната комнате место места месте вагоне отделение отделении flat apt apartment \
            room office ward carriage coach seat seats platform gate entrance number
            """),
        (.route, "маршрутка маршрутки маршрут автобус автобуса тролейбус трамвай троллейбус bus route tram"),
    ]

    private static let table: [WordKey: NotMoneyWords] = words.reduce(into: [:]) { table, entry in
        for word in entry.1.split(whereSeparator: \.isWhitespace) { table[WordKey(String(word)), default: []].insert(entry.0) }
    }

    /// Units by stem, for the forms not listed (`літрах`, `пляшками`).
    private static let stems: [WordKey: NotMoneyWords] = words.reduce(into: [:]) { table, entry in
        guard entry.0 == .unit else { return }
        for word in entry.1.split(whereSeparator: \.isWhitespace) where word.unicodeScalars.count >= 4 {
            table[WordKey(Stemmer.stem(String(word))), default: []].insert(.unit)
        }
    }
}
