/// Why the locales could not be loaded. Every case names the file (and key) to fix.
public enum LocalizationError: Error, Sendable, Equatable, CustomStringConvertible {
    case localesNotFound(tried: [String])
    case unreadableFile(path: String, reason: String)
    case invalidJSON(path: String, reason: String)
    case notAString(path: String, key: String)
    case invalidMessage(path: String, key: String, MessageFormatError)

    public var description: String {
        switch self {
        case .localesNotFound(let tried):
            "no Locales directory with en.json found; tried:\n" + tried.map { "  " + $0 }.joined(separator: "\n")
        case .unreadableFile(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .invalidJSON(let path, let reason):
            "\(path): not a flat JSON object of strings: \(reason)"
        case .notAString(let path, let key):
            "\(path): key '\(key)': the value is not a string"
        case .invalidMessage(let path, let key, let error):
            "\(path): key '\(key)': \(error)"
        }
    }
}
