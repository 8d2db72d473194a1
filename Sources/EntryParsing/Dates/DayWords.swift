/// The words of a spoken day: ordinals (`третього`, `двадцать первого`, `3-го`, `21st`,
/// `the third of`), weekdays and the words around them. Plain tables, checked by exact form or
/// by stem and ending, so a lookup costs a few hash probes.
enum DayWords {
    /// An ordinal day at `k`, possibly after a tens word (`двадцять першого`) or digits with a
    /// suffix (`3-го`, `21st`): its value and the span it takes.
    static func ordinal(_ tokens: [Token], endingAt k: Int, in range: Range<Int>, lexicon: Lexicon) -> (day: Int, span: Range<Int>)? {
        guard range.contains(k) else { return nil }
        let token = tokens[k]
        if token.kind == .number {
            guard token.text.utf8.count <= 2, let day = Int(token.text), (1...31).contains(day) else { return nil }
            return (day, k..<(k + 1))
        }
        guard token.kind == .word else { return nil }
        if suffixes.contains(token.text), range.contains(k - 1), tokens[k - 1].kind == .number,
           token.start - tokens[k - 1].end <= 1, tokens[k - 1].text.utf8.count <= 2,
           let day = Int(tokens[k - 1].text), (1...31).contains(day) {
            return (day, (k - 1)..<(k + 1))
        }
        guard let unit = ordinalValue(token.text) else { return nil }
        if unit < 10, range.contains(k - 1), let tens = tensValue(tokens[k - 1], lexicon), tens + unit <= 31 {
            return (tens + unit, (k - 1)..<(k + 1))
        }
        return (unit, k..<(k + 1))
    }

    /// An ordinal day starting at `k` (`November 3rd`, `October twenty first`).
    static func ordinal(_ tokens: [Token], startingAt k: Int, in range: Range<Int>, lexicon: Lexicon) -> (day: Int, span: Range<Int>)? {
        guard range.contains(k) else { return nil }
        if tokens[k].kind == .number {
            guard let found = ordinal(tokens, endingAt: k, in: range, lexicon: lexicon) else { return nil }
            if range.contains(k + 1), suffixes.contains(tokens[k + 1].text), tokens[k + 1].start - tokens[k].end <= 1 {
                return (found.day, k..<(k + 2))
            }
            return found
        }
        if let tens = tensValue(tokens[k], lexicon), range.contains(k + 1),
           let unit = ordinalValue(tokens[k + 1].text), unit < 10, tens + unit <= 31 {
            return (tens + unit, k..<(k + 2))
        }
        guard tokens[k].kind == .word, let day = ordinalValue(tokens[k].text) else { return nil }
        return (day, k..<(k + 1))
    }

    /// 1…31 for an ordinal word in any case or gender (`третього`, `третье`, `third`).
    static func ordinalValue(_ word: String) -> Int? {
        let scalars = Array(word.unicodeScalars)
        // A word in Cyrillic is no English ordinal: no Cyrillic letter decomposes to Latin.
        if let first = scalars.first, !(0x400...0x4FF).contains(first.value), let value = english[word] { return value }
        // A stem and an ending of a letter at least.
        guard scalars.count >= 4 else { return nil }
        // Most words start as no stem does: told by their first three letters, without the
        // ten lookups of every stem length.
        if stemStarts.excludes(word) { return nil }
        // Longest stem first: `двадцят` before `дв…`; stems are at most 11 letters.
        for length in stride(from: min(scalars.count - 1, 12), through: 3, by: -1) {
            let stem = String(String.UnicodeScalarView(scalars[0..<length]))
            guard let value = stems[stem] else { continue }
            let ending = String(String.UnicodeScalarView(scalars[length...]))
            return endings.contains(ending) ? value : nil
        }
        return nil
    }

    private static func tensValue(_ token: Token, _ lexicon: Lexicon) -> Int? {
        guard token.kind == .word, case .value(let v, .ten)? = lexicon.number(token.text), v == 2000 || v == 3000 else { return nil }
        return Int(v / 100)
    }

    /// Monday is 0.
    static let weekdays: [String: Int] = {
        var table: [String: Int] = [:]
        let forms: [[String]] = [
            ["понеділок", "понеділка", "понедельник", "понедельника", "monday"],
            ["вівторок", "вівторка", "вторник", "вторника", "tuesday"],
            ["середу", "середа", "середи", "среду", "среда", "среды", "wednesday"],
            ["четвер", "четверга", "четверг", "thursday"],
            ["пятницю", "пятниця", "пятниці", "пятницу", "пятница", "пятницы", "friday"],
            ["суботу", "субота", "суботи", "субботу", "суббота", "субботы", "saturday"],
            ["неділю", "неділя", "неділі", "воскресенье", "воскресенья", "sunday"],
        ]
        for (day, words) in forms.enumerated() { for word in words { table[word] = day } }
        return table
    }()

    static let lastWords: Set<String> = [
        "минулої", "минулого", "минулий", "минулу", "минулій", "прошлую", "прошлый", "прошлой", "прошлого", "last",
    ]
    static let onWords: Set<String> = ["у", "в", "во", "on"]
    static let dayUnits: [String: Int] = [
        "день", "дні", "днів", "дня", "дней", "днi", "day", "days",
    ].reduce(into: [:]) { $0[$1] = 1 }.merging([
        "тиждень", "тижні", "тижнів", "тижня", "неделю", "недели", "недель", "неделя", "week", "weeks",
    ].reduce(into: [:]) { $0[$1] = 7 }) { a, _ in a }.merging([
        "місяць", "місяці", "місяців", "місяця", "месяц", "месяца", "месяцев", "month", "months",
    ].reduce(into: [:]) { $0[$1] = month }) { a, _ in a }
    /// `dayUnits`' value for a month, which has no fixed number of days.
    static let month = -1
    /// Forms a count agrees with only when it ends in one (`21 день`, not `400 тиждень`).
    private static let singularUnits: Set<String> = ["день", "day", "тиждень", "неделю", "неделя", "week", "місяць", "месяц", "month"]

    /// Whether `n` may count `unit` (a word of `dayUnits`): `21 день`, `3 тижні`, not `400 тиждень`.
    static func counts(_ n: Int, _ unit: String) -> Bool {
        !singularUnits.contains(unit) || (n % 10 == 1 && n % 100 != 11)
    }
    static let agoWords: Set<String> = ["тому", "назад", "ago"]

    /// What follows the digits of an ordinal day: `3-го`, `5-е`, `21st`.
    static let suffixes: Set<String> = ["го", "ого", "е", "є", "ге", "ое", "ье", "st", "nd", "rd", "th"]

    private static let endings: Set<String> = [
        "ого", "ому", "е", "є", "ий", "ій", "а", "я", "ього", "ьому", "ое", "ый", "ой", "ье", "ьего", "его", "ий",
    ]

    private static let stems: [String: Int] = {
        let uk = ["перш", "друг", "трет", "четверт", "пят", "шост", "сьом", "восьм", "девят", "десят",
                  "одинадцят", "дванадцят", "тринадцят", "чотирнадцят", "пятнадцят", "шістнадцят", "сімнадцят",
                  "вісімнадцят", "девятнадцят", "двадцят", "", "", "", "", "", "", "", "", "", "тридцят"]
        let ru = ["перв", "втор", "трет", "четверт", "пят", "шест", "седьм", "восьм", "девят", "десят",
                  "одиннадцат", "двенадцат", "тринадцат", "четырнадцат", "пятнадцат", "шестнадцат", "семнадцат",
                  "восемнадцат", "девятнадцат", "двадцат", "", "", "", "", "", "", "", "", "", "тридцат"]
        var table: [String: Int] = [:]
        for (index, stem) in (uk + ru).enumerated() where !stem.isEmpty { table[stem] = index % uk.count + 1 }
        return table
    }()

    private static let stemStarts = WordStarts(stems.keys)
    /// `weekdays` and `agoWords`, which every word of a message is looked up in.
    static let spokenDateStarts = WordStarts(Array(weekdays.keys) + Array(agoWords))

    private static let english: [String: Int] = {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                     "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                     "eighteenth", "nineteenth", "twentieth"]
        var table: [String: Int] = ["thirtieth": 30]
        for (index, word) in words.enumerated() { table[word] = index + 1 }
        return table
    }()
}
