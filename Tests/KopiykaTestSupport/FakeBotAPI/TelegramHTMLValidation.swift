/// Parses `parse_mode=HTML` text the way Telegram does, closely enough to reject what it
/// rejects: unknown or unbalanced tags, a bare `<`, an `&` that starts no known entity.
/// On success returns the visible text (tags removed, entities decoded), whose length is what
/// Telegram limits.
public enum TelegramHTMLValidation {
    static let allowedTags: Set<String> = [
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "code",
        "pre", "blockquote", "tg-emoji",
    ]
    private static let namedEntities = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""]

    public static func visibleText(of html: String) -> Result<String, Failure> {
        let bytes = Array(html.utf8)
        var visible: [UInt8] = []
        var openTags: [String] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                let start = index
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    return .failure(Failure("Unclosed start tag at byte offset \(start)"))
                }
                let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                index = close + 1
                if inside.hasPrefix("/") {
                    let name = inside.dropFirst().trimmingWhitespace().lowercased()
                    guard let expected = openTags.last else {
                        return .failure(Failure("Unexpected end tag at byte offset \(start)"))
                    }
                    guard expected == name else {
                        return .failure(Failure(
                            "Unmatched end tag at byte offset \(start), expected \"</\(expected)>\", found \"</\(name)>\""))
                    }
                    openTags.removeLast()
                } else {
                    let name = String(inside.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
                    guard !name.isEmpty, allowedTags.contains(name) else {
                        return .failure(Failure("Unsupported start tag \"\(name)\" at byte offset \(start)"))
                    }
                    openTags.append(name)
                }
            case UInt8(ascii: "&"):
                guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                    let decoded = decodeEntity(String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self))
                else {
                    return .failure(Failure("Can't find end of the entity starting at byte offset \(index)"))
                }
                visible += Array(decoded.utf8)
                index = semicolon + 1
            default:
                visible.append(bytes[index])
                index += 1
            }
        }
        if let unclosed = openTags.last {
            return .failure(Failure("Can't find end tag corresponding to start tag \"\(unclosed)\""))
        }
        return .success(String(decoding: visible, as: UTF8.self))
    }

    private static func decodeEntity(_ name: String) -> String? {
        if let named = namedEntities[name] { return named }
        guard name.hasPrefix("#") else { return nil }
        let number = name.dropFirst()
        let value = number.hasPrefix("x") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    public struct Failure: Error {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
