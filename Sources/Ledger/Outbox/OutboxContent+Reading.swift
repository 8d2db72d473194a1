import FoundationEssentials

extension OutboxContent {
    /// A row's JSON read back, as `JSONDecoder` reads it. A message in the shape `payload()`
    /// writes (every reply) is read by hand: `JSONDecoder` took 3 % of the bot's CPU under
    /// load for it. Anything else (the other kinds, rows an older version wrote, anything not
    /// exactly that shape) goes through `JSONDecoder`. nil when it does not read.
    init?(payload: String) {
        if let message = Self.handWrittenMessage(payload) {
            self = message
        } else if let decoded = try? JSONDecoder().decode(OutboxContent.self, from: Data(payload.utf8)) {
            self = decoded
        } else {
            return nil
        }
    }

    private static func handWrittenMessage(_ payload: String) -> OutboxContent? {
        var payload = payload
        return payload.withUTF8 { bytes -> OutboxContent? in
            var reader = PayloadReader(bytes: bytes)
            guard reader.skip(#"{"message":{"html":"#), let html = reader.string() else { return nil }
            var replyTo: Int64?
            if reader.skip(#","replyTo":"#) {
                guard let number = reader.integer() else { return nil }
                replyTo = number
            }
            guard reader.skip(#","buttons":["#) else { return nil }
            var buttons: [[OutboxButton]] = []
            if !reader.skip("]") {
                repeat {
                    guard reader.skip("[") else { return nil }
                    var row: [OutboxButton] = []
                    if !reader.skip("]") {
                        repeat {
                            guard reader.skip(#"{"title":"#), let title = reader.string(), reader.skip(#","data":"#),
                                  let data = reader.string(), reader.skip("}")
                            else { return nil }
                            row.append(OutboxButton(title: title, data: data))
                        } while reader.skip(",")
                        guard reader.skip("]") else { return nil }
                    }
                    buttons.append(row)
                } while reader.skip(",")
                guard reader.skip("]") else { return nil }
            }
            guard reader.skip("}}"), reader.isAtEnd else { return nil }
            return .message(html: html, replyTo: replyTo, buttons: buttons)
        }
    }
}

/// JSON as `OutboxContent.payload()` writes it: no white space, keys in its order. Every
/// method answers nil (or false) at the first byte it does not expect, moving nowhere useful:
/// the caller then gives the whole row to `JSONDecoder`.
private struct PayloadReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// An integer as JSON writes one (no leading zeros), within `Int64`.
    mutating func integer() -> Int64? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digits, bytes[digits] != UInt8(ascii: "0") || index == digits + 1 else { return nil }
        return Int64(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// A string with its escapes undone; nil at a raw control character, an unknown escape
    /// or a lone surrogate.
    ///
    /// Runs without escapes are taken whole: a text with none (most) becomes a String in one
    /// copy, instead of byte by byte through a growing array (a third of a row's reading).
    mutating func string() -> String? {
        guard skip("\"") else { return nil }
        var text: [UInt8] = []
        var hadEscape = false
        var run = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let plain = UnsafeBufferPointer(rebasing: bytes[run..<index])
                index += 1
                guard hadEscape else { return String(decoding: plain, as: UTF8.self) }
                text.append(contentsOf: plain)
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                index += 1
                guard let scalar = escaped() else { return nil }
                text.append(contentsOf: String(scalar).utf8)
                hadEscape = true
                run = index
            case 0..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    private mutating func escaped() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{c}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return nil }
            guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) }
            guard skip(#"\u"#), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
