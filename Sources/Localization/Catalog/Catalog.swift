import FoundationEssentials

/// Every message of every language, parsed once at start-up. A value: share it freely.
public struct Catalog: Sendable {
    let messages: [Language: [String: Message]]

    /// Reads `uk.json`, `ru.json` and `en.json` from `directory`; all three must exist.
    public init(directory: URL) throws(LocalizationError) {
        var messages: [Language: [String: Message]] = [:]
        for language in Language.allCases {
            let file = directory.appendingPathComponent("\(language.rawValue).json")
            messages[language] = try Self.parse(Self.read(file), path: file.path)
        }
        self.messages = messages
    }

    /// A catalog from patterns in memory, for tests: `[.en: ["greeting": "Hi {name}"]]`.
    /// A language left out has no keys.
    public init(patterns: [Language: [String: String]]) throws(LocalizationError) {
        var messages: [Language: [String: Message]] = [:]
        for language in Language.allCases {
            var parsed: [String: Message] = [:]
            for (key, pattern) in patterns[language] ?? [:] {
                parsed[key] = try Self.message(pattern, key: key, path: "\(language.rawValue).json")
            }
            messages[language] = parsed
        }
        self.messages = messages
    }

    /// `locate()` then `init(directory:)`: what the executable calls at start-up.
    public static func load() throws(LocalizationError) -> Catalog {
        try Catalog(directory: locate())
    }

    public subscript(language: Language) -> Localizer {
        Localizer(language: language, catalog: self)
    }

    public func keys(in language: Language) -> Set<String> {
        Set(messages[language].map { Array($0.keys) } ?? [])
    }

    public func message(_ key: String, in language: Language) -> Message? {
        messages[language]?[key]
    }

    private static func read(_ file: URL) throws(LocalizationError) -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadableFile(path: file.path, reason: String(describing: error))
        }
    }

    static func parse(_ data: Data, path: String) throws(LocalizationError) -> [String: Message] {
        let entries: [String: JSONValue]
        do {
            entries = try JSONDecoder().decode([String: JSONValue].self, from: data)
        } catch {
            throw .invalidJSON(path: path, reason: String(describing: error))
        }
        var parsed: [String: Message] = [:]
        for (key, value) in entries {
            guard let pattern = value.string else { throw .notAString(path: path, key: key) }
            parsed[key] = try message(pattern, key: key, path: path)
        }
        return parsed
    }

    /// A value of the locale file's object: a string, or anything else (which is an error,
    /// reported with its key rather than as a decoding failure).
    private struct JSONValue: Decodable {
        let string: String?
        init(from decoder: any Decoder) throws {
            string = try? decoder.singleValueContainer().decode(String.self)
        }
    }

    private static func message(_ pattern: String, key: String, path: String)
        throws(LocalizationError) -> Message
    {
        do {
            return try Message(pattern)
        } catch {
            throw .invalidMessage(path: path, key: key, error)
        }
    }
}
