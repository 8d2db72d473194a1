/// Latin letters that look like Cyrillic ones, typed by a keyboard layout switched mid-word
/// (`кaва` with a Latin `a`): in a word that also holds Cyrillic letters they are read as the
/// Cyrillic letter they look like. One pass over a word already lower-cased.
enum Lookalikes {
    static func cyrillicize(_ word: inout String.UnicodeScalarView) {
        var cyrillic = false, latin = false
        for c in word {
            if (0x400...0x4FF).contains(c.value) { cyrillic = true } else if c.isASCII { latin = true }
        }
        guard cyrillic, latin else { return }
        var fixed = String.UnicodeScalarView()
        for c in word { fixed.append(twin(c) ?? c) }
        word = fixed
    }

    static func twin(_ c: Unicode.Scalar) -> Unicode.Scalar? {
        switch c {
        case "a": "а"
        case "b": "в"
        case "c": "с"
        case "e": "е"
        case "h": "н"
        case "i": "і"
        case "k": "к"
        case "m": "м"
        case "o": "о"
        case "p": "р"
        case "t": "т"
        case "x": "х"
        case "y": "у"
        default: nil
        }
    }
}
