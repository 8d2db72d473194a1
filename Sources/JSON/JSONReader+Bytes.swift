// The byte-level steps `JSONReader` is made of: whitespace, literals and strings.
extension JSONReader {
    @inlinable mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    @inlinable mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    @inlinable mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    @inlinable mutating func consume(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// The bytes of a string without escapes, checked as UTF-8, `index` just after its
    /// opening quote; nil at an escape (`index` then unchanged), a control character or bad
    /// UTF-8.
    @inlinable mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
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

    /// The UTF-8 of a string that holds an escape, escapes undone, `index` just after its
    /// opening quote; nil at a control character, an unknown escape, a lone surrogate or
    /// bad UTF-8.
    @inlinable mutating func escapedBytes() -> [UInt8]? {
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return buffer.withUnsafeBufferPointer(UTF8Check.isValid) ? buffer : nil
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
    @inlinable mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(first) {
            guard consume(literal: "\\u"), let second = hex4(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        }
        return Unicode.Scalar(first)
    }

    @inlinable mutating func hex4() -> UInt32? {
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
}
