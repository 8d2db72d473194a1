/// The words that say a number next to them is not money, in Ukrainian, Russian and English.
/// Whole forms and stems: a unit is matched by its start (`літр`, `літри`, `літрів`).
enum NotMoneyWords {
    /// A few set lookups: by the whole word, then by its first three to nine letters.
    static func isUnit(_ word: String) -> Bool {
        if exactUnits.contains(word) { return true }
        let scalars = word.unicodeScalars
        var end = scalars.index(scalars.startIndex, offsetBy: 3, limitedBy: scalars.endIndex)
        var length = 3
        while let e = end, length <= 9 {
            if unitStarts.contains(Substring(scalars[scalars.startIndex..<e])) { return true }
            end = e == scalars.endIndex ? nil : scalars.index(after: e)
            length += 1
        }
        return false
    }

    static func isPercent(_ word: String) -> Bool { percentWords.contains(word) }

    static func isBalance(_ word: String) -> Bool { balanceWords.contains(word) }

    static let hourWords: Set<String> = ["am", "pm", "годині", "годину", "часов", "часа", "oclock"]

    static let currencyCodes: Set<String> = ["uah", "грн", "usd", "eur", "pln", "gbp", "гривень", "гривні"]

    private static let percentWords: Set<String> = [
        "відсоток", "відсотки", "відсотків", "процент", "процента", "процентов", "percent", "pct",
    ]

    private static let balanceWords: Set<String> = [
        "баланс", "бал", "залишок", "залишку", "остаток", "ост", "доступно", "доступний", "ліміт", "лимит",
        "balance", "bal", "available", "avail", "limit",
    ]

    static let idWords: Set<String> = [
        "замовлення", "замовленя", "заказ", "заказа", "order", "номер", "no", "id", "ттн", "накладна", "накладная",
        "чек", "receipt", "рахунок", "счет", "счёт", "invoice", "посилка", "посилки", "посылка", "parcel", "tracking",
    ]

    /// `3-й`, `2-го`, `3rd`: what a digit ordinal carries after it.
    static let ordinalEndings: Set<String> = ["й", "ий", "ій", "го", "му", "ому", "ім", "ем", "st", "nd", "rd", "th"]

    private static let exactUnits: Set<String> = [
        "кг", "г", "л", "мл", "шт", "уп", "м", "км", "см", "мм", "хв", "год", "сек", "кило", "кіло",
        "kg", "g", "l", "ml", "lb", "lbs", "pcs", "pc", "km", "cm", "m", "min", "mins", "h", "hr", "hrs",
        "кв", "sq", "oz", "рік", "роки", "років", "року", "лет", "года", "years", "yo",
    ]

    private static let unitStarts: Set<Substring> = [
        "літр", "литр", "кілограм", "килограм", "грам", "штук", "штуч", "пачк", "упаков", "пакет", "ящик", "коробк",
        "пляшк", "бутыл", "банки", "банок", "метр", "кілометр", "километр", "поверс", "поверх", "этаж", "етаж",
        "хвилин", "минут", "годин", "секунд", "тижн", "тиждень", "недел", "місяц", "месяц",
        "liter", "litre", "kilo", "gram", "piece", "pack", "bottle", "meter", "metre", "floor", "storey",
        "minute", "hour", "week", "month", "gallon",
    ]
}
