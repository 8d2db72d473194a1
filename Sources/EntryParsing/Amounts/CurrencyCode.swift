import KopiykaCore

/// A three-letter currency code next to an amount, in Latin or Cyrillic letters (`RSD`, `рсд`,
/// `усд`), read against the whole ISO 4217 table; and a capitalized code that is not in it
/// (`85 XYZ`), which must never pass for hryvnias. Only words without another meaning are
/// read, and lower-case English words that happen to be codes (`top 100`, `all 500`) are not.
enum CurrencyCode {
    static func currency(_ token: Token, _ meaning: Meaning?) -> Currency? {
        guard token.kind == .word, meaning == nil, token.end - token.start == 3 else { return nil }
        let letters = Array(token.text.unicodeScalars)
        guard letters.count == 3 else { return nil }
        if letters.allSatisfy({ $0.isASCII }) {
            guard token.capitals || !latinWords.contains(token.text) else { return nil }
            return Currency.iso(token.text)
        }
        guard !cyrillicWords.contains(token.text) else { return nil }
        for first in latin(letters[0]) {
            for second in latin(letters[1]) {
                for third in latin(letters[2]) {
                    if let found = Currency.iso(String([first, second, third])) { return found }
                }
            }
        }
        return nil
    }

    /// `85 XYZ`, `85 xyz`: three Latin letters after an amount that name no currency, in
    /// capitals or without a vowel (no word; `thx`, `pcs` excepted). Cyrillic ones stay notes:
    /// shops and services are written so (`ЖКГ`, `ТРЦ`), and a code is rarely spelled in them.
    static func isUnknownCode(_ token: Token, _ meaning: Meaning?) -> Bool {
        guard token.kind == .word, meaning == nil, token.end - token.start == 3,
              token.text.unicodeScalars.allSatisfy({ $0.isASCII }), Currency.iso(token.text) == nil else { return false }
        return token.capitals
            || (!token.text.unicodeScalars.contains { "aeiou".unicodeScalars.contains($0) } && !vowelless.contains(token.text))
    }

    /// Chat shorthand and units without a vowel, which follow an amount as words.
    private static let vowelless: Set<String> = [
        "thx", "pls", "plz", "btw", "wtf", "lmk", "tbh", "smh", "hmm", "brr", "shh", "pcs", "pkg", "qty", "ltr", "hrs",
        "kgs", "lbs", "gms", "mph", "kph", "wks", "yrs", "mth", "nth", "ppl", "gym", "why", "shy", "fly", "dry", "cry",
        "spy", "sky", "fry", "sly", "wry", "thy", "ply", "pry", "try",
    ]

    private static let latinWords: Set<String> = [
        "all", "top", "try", "cup", "pen", "mop", "bob", "gel", "sos", "mad", "bam", "cop", "ars", "lak", "mur", "sar",
    ]
    private static let cyrillicWords: Set<String> = ["топ", "лак", "сос", "бам", "пен", "сар", "кес", "мур", "сек", "бов", "мад"]

    /// The Latin letters a Cyrillic one stands for in a transliterated code; none for letters
    /// no code is written with.
    private static func latin(_ c: Unicode.Scalar) -> [Character] {
        switch c {
        case "а": ["A"]
        case "б": ["B"]
        case "в": ["V"]
        case "г": ["G", "H"]
        case "ґ": ["G"]
        case "д": ["D"]
        case "е", "є", "э": ["E"]
        case "з": ["Z"]
        case "и": ["I", "Y"]
        case "і", "ї": ["I"]
        case "й": ["J", "Y"]
        case "к": ["K", "C"]
        case "л": ["L"]
        case "м": ["M"]
        case "н": ["N"]
        case "о": ["O"]
        case "п": ["P"]
        case "р": ["R"]
        case "с": ["S"]
        case "т": ["T"]
        case "у": ["U"]
        case "ф": ["F"]
        case "х": ["H", "X"]
        case "ц": ["C"]
        case "ы": ["Y"]
        default: []
        }
    }
}
