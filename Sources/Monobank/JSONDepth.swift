import FoundationEssentials

/// How deep a JSON text nests, found in one pass over its bytes without recursion: Monobank's
/// answers nest four deep (a statement: an array of objects; client-info: an object of
/// arrays of objects of arrays), and a body nested thousands deep (a broken proxy, a hostile
/// network) is refused before a recursive decoder walks it. O(n), no allocation.
enum JSONDepth {
    /// Why 32: eight times the deepest answer the bank gives, and a few hundred bytes of
    /// stack in any decoder.
    static let limit = 32

    /// Whether `body` opens more than `limit` arrays and objects at once (brackets inside
    /// strings do not count).
    static func exceeds(_ body: Data, limit: Int = JSONDepth.limit) -> Bool {
        var depth = 0, inString = false, escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
