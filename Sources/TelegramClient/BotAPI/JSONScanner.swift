/// A forward-only reader of JSON bytes, for the few shapes read on every message (an update
/// with a text message, the answer to a send) where `JSONDecoder` cost a tenth of the bot's
/// CPU. Strict: anything it is not sure of (a float, a leading zero, invalid UTF-8, nesting
/// past 64) makes it return nil, and the caller reads the whole body with `JSONDecoder`.
///
/// Cost: one pass over the bytes; a string allocates only when it is longer than 15 bytes.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Nothing but whitespace is left.
    var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    private mutating func consume(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Calls `field` with each key of an object, the scanner at its value, which `field`
    /// must read or skip; nil when the object is malformed or `field` returns false. A key is
    /// its bytes, compared without making a `String`; one with an escape is not read here.
    mutating func object(_ field: (inout JSONScanner, JSONKey) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")), depth < 64 else { return false }
        depth += 1
        defer { depth -= 1 }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard consume(UInt8(ascii: "\"")), let key = rawString(), consume(UInt8(ascii: ":")),
                  field(&self, JSONKey(bytes: key))
            else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// The bytes of a string without escapes, checked as UTF-8, `index` just after its
    /// opening quote; nil at an escape (`index` then unchanged), a control character or bad
    /// UTF-8.
    private mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        var ascii = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ascii || UTF8Check.isValid(raw) ? raw : nil
            case UInt8(ascii: "\\"):
                index = start
                return nil
            case 0..<0x20:
                return nil
            case 0x80...:
                ascii = false
                index += 1
            default:
                index += 1
            }
        }
        return nil
    }

    mutating func array(_ element: (inout JSONScanner) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")), depth < 64 else { return false }
        depth += 1
        defer { depth -= 1 }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    mutating func bool() -> Bool? {
        guard let first = peek() else { return nil }
        if first == UInt8(ascii: "t"), consume(literal: "true") { return true }
        if first == UInt8(ascii: "f"), consume(literal: "false") { return false }
        return nil
    }

    /// An integer as JSON writes it; nil for a fraction, an exponent or an overflow.
    mutating func int64() -> Int64? {
        guard let first = peek() else { return nil }
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
            guard !overflow, !carry else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        return negative ? -value : value
    }

    mutating func int() -> Int? { int64().map(Int.init) }

    mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        if let raw = rawString() { return String(decoding: raw, as: UTF8.self) }
        return index == start ? escapedString() : nil
    }

    /// The rest of a string that holds an escape; `index` is just after its opening quote.
    private mutating func escapedString() -> String? {
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { buffer.append($0) }
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                buffer.append(byte)
            }
        }
        return nil
    }

    /// `XXXX` after `\u`, and a low surrogate's `\uXXXX` after a high one.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(first) {
            guard consume(literal: "\\u"), let second = hex4(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        }
        return Unicode.Scalar(first)
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Steps over one value of any kind.
    mutating func skipValue() -> Bool {
        switch peek() {
        case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue() }
        case UInt8(ascii: "["): return array { $0.skipValue() }
        case UInt8(ascii: "\""):
            // Checked as `string()` would, without making the string.
            index += 1
            let start = index
            if rawString() != nil { return true }
            guard index == start else { return false }
            index -= 1
            return string() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return consume(literal: "null")
        case .some: return number()
        case nil: return false
        }
    }

    /// Any JSON number, fraction and exponent included.
    private mutating func number() -> Bool {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return index > start
            }
        }
        return index > start
    }
}
