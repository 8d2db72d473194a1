/// A JSON document read without Foundation's decoder, so that a number keeps its text: the
/// NBU's `41.2345` must become 41_234_500 millionths exactly, never pass through `Double`.
///
/// Cost: one pass over the bytes, one value tree. Objects and arrays nest at most 16 deep
/// (the NBU's answer is 2); deeper or malformed input throws `JSONScanError`.
public enum JSONValue: Equatable, Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written: `41.2345`, `1.05E-4`.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The member named `key` of an object (the first, if a sender repeats it).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONScanError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes)
        let value = try scanner.value(depth: 0)
        scanner.skipSpace()
        guard scanner.index == bytes.count else { throw JSONScanError(offset: scanner.index) }
        return value
    }
}

public struct JSONScanError: Error, Equatable, Sendable {
    /// Where the input stopped making sense, in bytes.
    public let offset: Int
}

private struct JSONScanner {
    let bytes: [UInt8]
    var index = 0

    private var failure: JSONScanError { JSONScanError(offset: index) }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
        index += expected.count
        return true
    }

    mutating func value(depth: Int) throws(JSONScanError) -> JSONValue {
        skipSpace()
        guard index < bytes.count, depth < 16 else { throw failure }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): if take("true") { return .bool(true) }
        case UInt8(ascii: "f"): if take("false") { return .bool(false) }
        case UInt8(ascii: "n"): if take("null") { return .null }
        default: return .number(try number())
        }
        throw failure
    }

    private mutating func object(depth: Int) throws(JSONScanError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if take("}") { return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure }
            let key = try string()
            skipSpace()
            guard take(":") else { throw failure }
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            if take("}") { return .object(members) }
            guard take(",") else { throw failure }
        }
    }

    private mutating func array(depth: Int) throws(JSONScanError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if take("]") { return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if take("]") { return .array(items) }
            guard take(",") else { throw failure }
        }
    }

    private mutating func number() throws(JSONScanError) -> String {
        let start = index
        let allowed = Array("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        guard index > start else { throw failure }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string with its escapes undone; `\u` pairs become one scalar, a lone surrogate U+FFFD.
    private mutating func string() throws(JSONScanError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                return String(scalars) + String(decoding: run, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                guard byte >= 0x20 else { throw failure }
                run.append(byte)
                continue
            }
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
            guard index < bytes.count else { throw failure }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), take("\\u") {
                    let low = try hex4()
                    code = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                let plain: [UInt8: Unicode.Scalar] = [
                    UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
                    UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                ]
                guard let scalar = plain[escape] else { throw failure }
                scalars.append(scalar)
            }
        }
        throw failure
    }

    private mutating func hex4() throws(JSONScanError) -> UInt32 {
        guard bytes.count - index >= 4,
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure }
        index += 4
        return code
    }
}
