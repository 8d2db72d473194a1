import HTTP

/// The seam through which this module logs; the app routes it to stderr with timestamps,
/// tests capture it. Messages pass through token redaction before reaching the sink.
public struct TelegramLogger: Sendable {
    public enum Level: Int, Sendable, Comparable, CustomStringConvertible {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String { ["debug", "info", "warning", "error"][rawValue] }
    }

    private let sink: @Sendable (Level, String) -> Void
    private let token: String?

    public init(_ sink: @escaping @Sendable (Level, String) -> Void) {
        self.init(sink: sink, token: nil)
    }

    private init(sink: @escaping @Sendable (Level, String) -> Void, token: String?) {
        self.sink = sink
        self.token = token
    }

    public static let silent = TelegramLogger { _, _ in }

    public func log(_ level: Level, _ message: String) {
        sink(level, TokenRedaction.redact(message, token: token))
    }

    public func debug(_ message: String) { log(.debug, message) }
    public func info(_ message: String) { log(.info, message) }
    public func warning(_ message: String) { log(.warning, message) }
    public func error(_ message: String) { log(.error, message) }

    /// Also hides every literal occurrence of `token`, wherever it appears.
    public func redacting(token: String) -> TelegramLogger {
        TelegramLogger(sink: sink, token: token)
    }
}
