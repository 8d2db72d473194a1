import Foundation
import JSON

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

    /// Strings, containers and Swift numbers are tried before `NSNumber`: casting a dictionary
    /// to a class bridges it, values and all, to an `NSDictionary` first (a quarter of the
    /// fake's CPU in the throughput benchmark).
    private static func write(_ value: Any, to out: inout String) {
        if let text = value as? String {
            quote(text, to: &out)
        } else if let object = value as? [String: Any] {
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                quote(key, to: &out)
                out += ":"
                write(object[key]!, to: &out)
            }
            out += "}"
        } else if let array = value as? [Any] {
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        } else if let flag = value as? Bool, type(of: value) == Bool.self || "\(type(of: value))" == "__NSCFBoolean" {
            // On Linux an NSNumber of 0 or 1 also casts to Bool: only a real boolean is one.
            out += flag ? "true" : "false"
        } else if let number = value as? Int {
            out += String(number)
        } else if let number = value as? Int64 {
            out += String(number)
        } else if let number = value as? NSNumber {
            out += number.stringValue
        } else if let number = value as? Double {
            out += String(number)
        } else {
            out += "null"
        }
    }

    private static func quote(_ text: String, to out: inout String) {
        out += text.jsonQuoted
    }
}
