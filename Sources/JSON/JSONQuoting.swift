extension StringProtocol {
    /// The text as a JSON string literal, quotes included; non-ASCII stays as UTF-8. For JSON
    /// written by hand where key order is a contract (`kopiyka parse`) or speed matters.
    public var jsonQuoted: String {
        var bytes: [UInt8] = []
        JSONQuoting.append(String(self), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// JSON string literals written into a byte buffer, for the hand-written JSON on hot paths
/// (`JSONWriter`, and `jsonQuoted`).
public enum JSONQuoting {
    /// Appends `text` as a JSON string: quote, backslash and control characters escaped, the
    /// rest as it is.
    ///
    /// Cost: one pass over the UTF-8; runs that need no escape are copied whole, not byte by
    /// byte (a reply's text was 13,000 instructions a byte at a time). Pure; any thread.
    @inlinable public static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            var clean = utf8.startIndex
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                appendEscape(byte, to: &bytes)
                clean = utf8.index(after: index)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inlinable static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0xF))
        }
    }

    @inlinable static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
