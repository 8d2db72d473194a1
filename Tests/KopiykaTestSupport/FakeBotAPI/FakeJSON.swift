import Foundation
import KopiykaCore

/// Writes the fake's JSON: keys sorted (so tests compare strings), no Foundation bridging.
/// `JSONSerialization` sorting `AnyHashable` keys was a third of the fake's CPU in the
/// throughput benchmark, where it shares the machine with the bot it measures.
enum FakeJSON {
    static func data(_ value: Any) -> Data { Data(string(value).utf8) }

    static func string(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let text as String: quote(text, to: &out)
        // On Linux an NSNumber of 0 or 1 also casts to Bool: only a real boolean is one.
        case let flag as Bool where type(of: value) == Bool.self || "\(type(of: value))" == "__NSCFBoolean":
            out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Int64: out += String(number)
        case let number as NSNumber: out += number.stringValue
        case let number as Double: out += String(number)
        case let object as [String: Any]:
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                quote(key, to: &out)
                out += ":"
                write(object[key]!, to: &out)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        default:
            out += "null"
        }
    }

    private static func quote(_ text: String, to out: inout String) {
        out += text.jsonQuoted
    }
}
