/// A forward-only reader of JSON bytes: the one way Kopiyka reads JSON by hand, for the shapes
/// read on every message (an update, the answer to a send, an outbox row), for a number that
/// must keep its text (the NBU's `41.2345`, never a `Double`), and to refuse a body before a
/// recursive decoder walks it. Strict: anything it is not sure of (a leading zero, invalid
/// UTF-8, a lone surrogate, nesting past `maxDepth`) makes the call that met it fail, and
/// the caller refuses the body or hands it whole to `JSONDecoder`.
///
/// Cost: one pass over the bytes, never recursing deeper than `maxDepth`; a string allocates
/// only when it is longer than 15 bytes, a key never. Not thread-safe: a value on the stack of
/// the caller that owns the bytes.
public struct JSONReader {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index = 0
    @usableFromInline var depth = 0
    @usableFromInline let maxDepth: Int

    /// `maxDepth`: how many objects and arrays may be open at once.
    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// How far it has read, in bytes: where the input stopped making sense after a failure.
    @inlinable public var offset: Int { index }

    /// Nothing but whitespace is left.
    @inlinable public var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    public enum Kind: Sendable { case object, array, string, number, bool, null }

    /// What the next value is, by its first byte, without reading it; nil at the end.
    @inlinable public mutating func nextKind() -> Kind? {
        switch peek() {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        case .some: .number
        case nil: nil
        }
    }

    /// Calls `field` with each key of an object, the reader at its value, which `field` must
    /// read or skip; false when the object is malformed or `field` returns false. A key is its
    /// bytes, compared without making a `String`; one with an escape is not read here (no
    /// caller's key has one, and a reader that meets one refuses the object).
    @inlinable public mutating func object(_ field: (inout JSONReader, JSONKey) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")), depth < maxDepth else { return false }
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

    /// Calls `element` with the reader at each element of an array; false when the array is
    /// malformed or `element` returns false.
    @inlinable public mutating func array(_ element: (inout JSONReader) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")), depth < maxDepth else { return false }
        depth += 1
        defer { depth -= 1 }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    @inlinable public mutating func bool() -> Bool? {
        guard let first = peek() else { return nil }
        if first == UInt8(ascii: "t"), consume(literal: "true") { return true }
        if first == UInt8(ascii: "f"), consume(literal: "false") { return false }
        return nil
    }

    /// Whether the next value is `null`, read if it is.
    @inlinable public mutating func null() -> Bool {
        peek() == UInt8(ascii: "n") && consume(literal: "null")
    }

    /// An integer as JSON writes it; nil for a fraction, an exponent or an overflow.
    @inlinable public mutating func int64() -> Int64? {
        guard let first = peek() else { return nil }
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        return negative ? -value : value
    }

    @inlinable public mutating func int() -> Int? { int64().map(Int.init) }

    /// Any JSON number's text exactly as written (`41.2345`, `1.05E-4`); nil for anything the
    /// JSON grammar does not allow (`01`, `1.`, `.5`, `+1`).
    @inlinable public mutating func number() -> String? {
        guard peek() != nil else { return nil }
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        guard digits() > 0, index == whole + 1 || bytes[whole] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    @inlinable mutating func digits() -> Int {
        let start = index
        while index < bytes.count, Self.digit(bytes[index]) != nil { index += 1 }
        return index - start
    }

    @inlinable static func digit(_ byte: UInt8) -> Int64? {
        byte >= 0x30 && byte <= 0x39 ? Int64(byte - 0x30) : nil
    }

    @inlinable public mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        if let raw = rawString() { return String(decoding: raw, as: UTF8.self) }
        guard index == start, let bytes = escapedBytes() else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Steps over one value of any kind, checked as reading it would check it.
    @inlinable public mutating func skipValue() -> Bool {
        switch nextKind() {
        case .object: return skipObject()
        case .array: return array { $0.skipValue() }
        case .string:
            // Checked as `string()` would, without making the string.
            index += 1
            let start = index
            if rawString() != nil { return true }
            return index == start && escapedBytes() != nil
        case .bool: return bool() != nil
        case .null: return null()
        case .number: return number() != nil
        case nil: return false
        }
    }
}

extension JSONReader {
    /// An object stepped over; unlike `object`, a key may hold escapes.
    @inlinable mutating func skipObject() -> Bool {
        guard consume(UInt8(ascii: "{")), depth < maxDepth else { return false }
        depth += 1
        defer { depth -= 1 }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard nextKind() == .string, skipValue(), consume(UInt8(ascii: ":")), skipValue() else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// `body` reading `bytes` from the start; nil when it fails or leaves anything unread.
    @inlinable public static func read<Result>(
        _ bytes: some Collection<UInt8>, maxDepth: Int = 64, _ body: (inout JSONReader) -> Result?
    ) -> Result? {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> Result? in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            guard let result = body(&reader), reader.isAtEnd else { return nil }
            return result
        }
        if let contiguous { return contiguous }
        return read(Array(bytes), maxDepth: maxDepth, body)
    }

    /// Whether `bytes` hold one JSON value, well formed, with at most `maxDepth` objects and
    /// arrays open at once. O(n), recursing at most `maxDepth` deep.
    @inlinable public static func isWellFormed(_ bytes: some Collection<UInt8>, maxDepth: Int) -> Bool {
        read(bytes, maxDepth: maxDepth) { $0.skipValue() ? true : nil } ?? false
    }
}
