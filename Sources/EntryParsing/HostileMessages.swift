import KopiykaCore

/// Messages built to cost the parser the most per character, each as long as Telegram allows
/// (4,096 UTF-16 code units): long words, long digit runs, separators, many entries, mixed
/// scripts. Each starts with an amount, so every stage (categories and fuzzy matching too)
/// runs. Deterministic, so `kopiyka bench parser` and the cost tests read the same text.
public enum HostileMessages {
    /// Telegram's limit for one text message, in UTF-16 code units.
    public static let length = 4096

    public static let all: [(name: String, text: String)] = {
        var rng = SplitMix64(seed: 4096)
        let cyrillic = Array("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя".unicodeScalars)
        let latin = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        func word(_ count: Int, _ letters: [Unicode.Scalar]) -> String {
            var view = String.UnicodeScalarView()
            for _ in 0..<count { view.append(letters[Int(rng.next() % UInt64(letters.count))]) }
            return String(view)
        }
        func words(_ lengths: ClosedRange<Int>, _ letters: [Unicode.Scalar]) -> String {
            var text = ""
            while text.utf16.count < length {
                text += word(Int(rng.next() % UInt64(lengths.count)) + lengths.lowerBound, letters) + " "
            }
            return text
        }
        let mixed: [Unicode.Scalar] = cyrillic + latin + ["α", "ß", "ł", "ي", "中", "\u{301}", "\u{306}", "\u{200B}",
                                                          "\u{200D}", "\u{200F}", "\u{202E}", "\u{7}", "\u{A0}", "'", "ʼ",
                                                          "1", "5", ".", ",", " ", "₴", "$", "+", "#", "\u{1F600}"]
        return [
            ("one long word", word(length, cyrillic)),
            ("one long Latin word", word(length, latin)),
            ("words of 20-60 letters", words(20...60, cyrillic)),
            ("words of 5-12 letters", words(5...12, cyrillic)),
            ("near misses of vocabulary", repeated("ресторанн продуктт ")),
            ("one digit run", String(repeating: "7", count: length)),
            ("digit groups", "1" + repeated(" 234")),
            ("decimal separators", repeated("1,2.")),
            ("many entries", repeated("кава 85, ")),
            ("many one-digit entries", repeated("1;")),
            ("many lines", repeated("а\n")),
            ("commas without amounts", repeated("кава, ") + "85"),
            ("number words", repeated("сто двадцять тисяч ")),
            ("scale words", repeated("мільярд мільйон ")),
            ("day-months", repeated("12.11 ")),
            ("month names", repeated("12 листопада ")),
            ("one-letter words", repeated("і а в я о у ")),
            ("stress marks", repeated("а\u{301}")),
            ("apostrophes", repeated("п'")),
            ("mixed scripts", words(3...40, mixed)),
        ].map { ($0.0, cut("85 " + $0.1)) }
    }()

    private static func repeated(_ piece: String) -> String {
        String(repeating: piece, count: length / piece.utf16.count + 1)
    }

    /// The text cut to `length` UTF-16 code units, whole scalars only.
    private static func cut(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        var units = 0
        for scalar in text.unicodeScalars {
            units += scalar.utf16.count
            if units > length { break }
            view.append(scalar)
        }
        return String(view)
    }
}
