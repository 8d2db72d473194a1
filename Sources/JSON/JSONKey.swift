/// A key of an object `JSONReader` reads: its bytes inside the body, valid only in the
/// `object` callback that receives it. Matched against literals (`case "update_id":`) byte
/// by byte: making each key a `String` to compare it cost more than reading its value.
public struct JSONKey {
    public let bytes: UnsafeBufferPointer<UInt8>

    @inlinable public init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inlinable public static func == (key: JSONKey, literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard key.bytes.count == count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where key.bytes[offset] != start[offset] { return false }
        return true
    }

    @inlinable public static func ~= (literal: StaticString, key: JSONKey) -> Bool { key == literal }
}

/// UTF-8 as the standard defines it: no overlong forms, no surrogates, nothing past U+10FFFF.
@usableFromInline enum UTF8Check {
    @inlinable static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (length, lowest): (Int, UInt32)
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: (length, lowest, scalar) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, lowest, scalar) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, lowest, scalar) = (4, 0x10000, UInt32(lead & 0x07))
            default: return false
            }
            guard bytes.count - index >= length else { return false }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            index += length
        }
        return true
    }
}
