import KopiykaCore

/// The fuzz's random choices, all from one seeded source.
extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { i in Character(String(i == 0 ? 1 + below(9) : below(10))) })
    }
}

/// What people write: entries from realistic words, amounts of every size and form, several
/// to a message, with dates, currencies, accounts and the private tag; and chatter.
enum FuzzText {
    static let words = [
        "кава", "таксі", "продукти", "хліб", "молоко", "Сільпо", "АТБ", "кофе", "такси", "продукты", "coffee",
        "groceries", "lunch", "оренда", "ліки", "бензин", "кіно", "подарунок", "обід", "піца", "комуналка",
        "інтернет", "спортзал", "квіти", "книжка", "метро", "фікус", "щось", "Rozetka", "McDonald's", "Нова пошта",
        "зарплата", "аванс", "salary", "кешбек", "повернення", "премія", "на", "за", "для", "with", "від",
    ]
    static let oneLetterWords = ["і", "й", "в", "у", "з", "а", "о", "к", "с", "и", "я", "a", "i", "x"]
    static let currencies = ["грн", "₴", "гривень", "$", "usd", "USD", "доларів", "баксів", "€", "євро", "eur", "zł",
                             "pln", "злотих", "£", "фунтів", "gbp", "¥", "jpy", "руб", "btc"]
    static let accounts = ["картка", "карткою", "готівка", "готівкою", "cash", "card", "картой", "наличными", "моно",
                           "монобанк", "приват", "кеш"]
    static let privateTags = ["#приватно", "#особисте", "#private", "#личное"]
    /// What makes an entry a recurring payment, or tries to.
    static let schedules = ["щомісяця", "кожного 5-го", "щотижня", "щороку 1 березня", "every month", "ежемесячно", "щодня",
                            "кожного 32-го", "щомісяця 31 числа", "по понеділках", "з 1.12.2026 до 1.1.2026", "щопʼятниці"]
    static let dates = ["вчора", "позавчора", "сьогодні", "yesterday", "вчера", "позавчера", "12.11", "01.11.2026",
                        "31.12.2025", "1.1.2000", "29.02.2024", "31.02.2026", "15 жовтня", "3 грудня 2025",
                        "1 января", "May 5", "01.01.1999", "01.01.2030", "31.12", "1.12", "30.11.2026"]
    static let separators = [", ", "\n", "; ", " + ", " та ", " and ", ",", "\n\n"]
    static let chatter = ["привіт", "дякую!", "👍", "", " ", "???", "ок", "як справи?", "<b>тест</b> & co", "\u{200B}",
                          "\u{202E}кава\u{202C}", "кава", "\u{0007}", "/", "@kopiyka_bot", "85", "😀😀😀 🍕",
                          "звіт", "Отчёт", "допомога", "help", "бюджет", "звіт жовтень", "сьогодні", "курс"]

    /// A message of one to a dozen entries by someone whose notes carry `marker`. With a
    /// `secret`, now and then a private message: its entries carry the secret instead, which
    /// nobody but its author in their private chat may see.
    static func entries(marker: String, secret: String? = nil, _ rng: inout SplitMix64) -> String {
        let count = rng.chance(0.7) ? 1 : rng.chance(0.85) ? 2 + rng.below(2) : 4 + rng.below(9)
        let separator = rng.pick(separators + [" і ", " и ", " й "])
        guard let secret, rng.chance(0.1) else {
            return (0..<count).map { _ in entry(marker: marker, &rng) }.joined(separator: separator)
        }
        return ([rng.pick(privateTags)] + (0..<count).map { _ in entry(marker: secret, &rng) }).joined(separator: " ")
    }

    static func entry(marker: String, _ rng: inout SplitMix64) -> String {
        var parts = (0..<rng.below(3)).map { _ in rng.pick(words) }
        if rng.chance(0.1) { parts.append(rng.pick(oneLetterWords)) }
        parts.append(marker)
        let sign = rng.chance(0.08) ? rng.pick(["+", "-", "−"]) : ""
        parts.append(sign + amount(&rng))
        if rng.chance(0.2) { parts.append(rng.pick(currencies)) }
        if rng.chance(0.2) { parts.append(rng.pick(accounts)) }
        if rng.chance(0.15) { parts.append(date(&rng)) }
        if rng.chance(0.08) { parts.append(rng.pick(privateTags)) }
        if rng.chance(0.04) { parts.append(rng.pick(schedules)) }
        if rng.chance(0.2) { parts.shuffle(using: &rng) }
        return parts.joined(separator: " ")
    }

    /// Small mostly; with kopecks, grouped, with a suffix, in words, large, huge, or odd.
    static func amount(_ rng: inout SplitMix64) -> String {
        switch rng.below(20) {
        case 0..<9: return String(1 + rng.below(999))
        case 9, 10: return "\(rng.below(1000)),\(rng.digits(2))"
        case 11: return rng.pick(["1 250", "12 345,67", "1,234.56", "1.234,56", "1\u{00A0}000\u{00A0}000", "999 999 999",
                                  "1 000 000 000", "10 000 000 000"])
        case 12: return "\(1 + rng.below(999))\(rng.pick(["к", "k", " тис", " тыс.", " млн", " млрд", "K"]))"
        case 13: return rng.pick(["сто", "двісті п'ятдесят", "fifty", "тысяча", "п'ятсот", "сорок два", "мільйон"])
        case 14, 15: return rng.digits(5 + rng.below(6))
        case 16: return rng.digits(11 + rng.below(30))
        case 17: return "\(rng.digits(1 + rng.below(4))).\(rng.digits(1 + rng.below(25)))"
        default: return rng.pick(["0", "0,00", "85.", ".5", "1e5", "½", "٣٤", "８５", "1/2", "12-50", "3×40", "00085"])
        }
    }

    static func date(_ rng: inout SplitMix64) -> String {
        guard rng.chance(0.3) else { return rng.pick(dates) }
        let year = rng.pick([2000, 2024, 2025, 2026, 2027, 1999, 2100, 9999] + [1 + rng.below(3000)])
        return "\(1 + rng.below(31)).\(1 + rng.below(12)).\(year)"
    }

    /// Anything a person might write that is not meant as an entry.
    static func noise(_ rng: inout SplitMix64) -> String {
        switch rng.below(40) {
        case 0..<10: return String(repeating: rng.pick(words) + " ", count: 1 + rng.below(40))
        case 10: return longWords(&rng)
        default:
            return rng.pick(chatter + ["а?", "і все", "y"])
        }
    }

    /// Up to Telegram's 4,096 characters of long made-up words, with an amount among them.
    static func longWords(_ rng: inout SplitMix64) -> String {
        let letters = Array("абвгґдеєжзиіїйклмнопрстуфхцчшщьюяabcdefghijklmnopqrstuvwxyz")
        var text = String(1 + rng.below(999))
        while text.count < 4_000 {
            text += " " + String((0..<(5 + rng.below(60))).map { _ in rng.pick(letters) })
        }
        return text
    }

    /// A reply to a confirmation: an amount, a category, an account, a date, a delete word, or noise.
    static func correction(marker: String, _ rng: inout SplitMix64) -> String {
        switch rng.below(6) {
        case 0: return amount(&rng)
        case 1: return rng.pick(["таксі", "кафе", "продукти", "зарплата", "фікус", "Дім", "taxi"])
        case 2: return rng.pick(accounts)
        case 3: return date(&rng)
        case 4: return rng.pick(["видалити", "delete", "🗑", "удалить!", "видали"])
        default: return rng.chance(0.5) ? entries(marker: marker, &rng) : noise(&rng)
        }
    }
}
