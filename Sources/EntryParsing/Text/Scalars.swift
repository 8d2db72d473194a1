/// Character classes decided on Unicode scalars with fast paths for ASCII, Latin-1 and
/// Cyrillic: `Character` and Foundation cost ten times more and the parser runs per message.
enum Scalars {
    /// Lower case, with `ё` folded into `е` (Russian writers drop the dots freely).
    static func folded(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        // Each `!` below maps a capital to its small letter in the same block: a valid scalar.
        switch v {
        case 0x41...0x5A, 0x410...0x42F: return Unicode.Scalar(v + 0x20)!
        case 0x401, 0x451: return "е"
        case 0x400...0x40F: return Unicode.Scalar(v + 0x50)!
        case 0x490: return "ґ"
        case 0xC0...0xDE where v != 0xD7: return Unicode.Scalar(v + 0x20)!
        case 0x141: return "ł"
        case 0..<0x80, 0x430...0x45F: return s
        default:
            guard s.properties.isUppercase else { return s }
            return s.properties.lowercaseMapping.unicodeScalars.first ?? s
        }
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value &- 0x30 < 10 }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        // Each `!` below maps a capital to its small letter in the same block: a valid scalar.
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0x400...0x481, 0x48A...0x4FF: return true
        case 0xD7, 0xF7, 0x2BC: return false
        case 0xC0...0x24F: return true
        case 0..<0xC0: return false
        default: return s.properties.isAlphabetic
        }
    }

    /// `'`, `’`, `ʼ`, `‘`, `` ` `` and `´`: Ukrainian is written with any of them.
    static func isApostrophe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x27, 0x2019, 0x2BC, 0x2018, 0x60, 0xB4: return true
        default: return false
        }
    }

    /// Spaces inside a line, including the no-break and thin spaces used as digit groupers.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0xA0, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    static func isCurrencySymbol(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x24, 0x20AC, 0x20B4, 0xA3, 0x20BD, 0xA5, 0x20B8, 0x20BA, 0x20BE, 0x20AA: return true
        default: return false
        }
    }
}
