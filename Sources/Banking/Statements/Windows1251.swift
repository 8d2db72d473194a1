/// Windows-1251, the code page Excel on a Ukrainian or Russian Windows writes a CSV in
/// ("CSV (розділювач — кома)"): each byte one character, ASCII below 0x80, А–я from 0xC0.
enum Windows1251 {
    /// `bytes` as UTF-8. Total: the one byte the code page leaves undefined (0x98) becomes
    /// U+FFFD. One pass; the result is at most twice as long (three bytes only for the few
    /// punctuation marks past U+07FF: `—`, `€`, `№`).
    static func utf8(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            let scalar: UInt16 = switch byte {
            case ..<0x80: UInt16(byte)
            case 0xC0...: 0x0410 + UInt16(byte - 0xC0)
            default: upperHalf[Int(byte - 0x80)]
            }
            switch scalar {
            case ..<0x80:
                out.append(UInt8(scalar))
            case ..<0x800:
                out.append(0xC0 | UInt8(scalar >> 6))
                out.append(0x80 | UInt8(scalar & 0x3F))
            default:
                out.append(0xE0 | UInt8(scalar >> 12))
                out.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                out.append(0x80 | UInt8(scalar & 0x3F))
            }
        }
        return out
    }

    /// 0x80–0xBF: Serbian and Macedonian letters, Ukrainian Ґ Є І Ї, quotes, dashes, NBSP.
    private static let upperHalf: [UInt16] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
        0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0xFFFD, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
        0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
        0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
        0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
        0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
    ]
}
