/// Latin letters that look like Cyrillic ones, typed by a keyboard layout switched mid-word
/// (`кaва` with a Latin `a`): in a word that also holds Cyrillic letters they are read as the
/// Cyrillic letter they look like. One pass over a word already lower-cased.
enum Lookalikes {
    /// `word` is UTF-8: U+0400–U+04FF are exactly the scalars whose lead byte is 0xD0–0xD3.
    static func cyrillicize(_ word: inout [UInt8]) {
        var cyrillic = false, latin = false
        for byte in word {
            if (0xD0...0xD3).contains(byte) { cyrillic = true } else if byte < 0x80 { latin = true }
        }
        guard cyrillic, latin else { return }
        var fixed: [UInt8] = []
        fixed.reserveCapacity(word.count + 8)
        for c in String(decoding: word, as: UTF8.self).unicodeScalars {
            UTF8.encode(twin(c) ?? c) { fixed.append($0) }
        }
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
