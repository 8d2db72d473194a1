import FoundationEssentials
import Glibc

enum LogLevel: String, Comparable, Sendable {
    case debug, info, warning, error

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Log lines on stderr: `2026-11-21T04:34:25Z INFO message`. The token is replaced wherever
/// it appears, as a last line of defence behind the client's own URL redaction.
struct Log: Sendable {
    let level: LogLevel
    let secret: String?

    func callAsFunction(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        var text = message()
        if let secret, !secret.isEmpty { text = text.replacing(secret, with: "***") }
        let line = "\(Date().formatted(.iso8601)) \(level.rawValue.uppercased()) \(text)\n"
        writeUnbuffered(line, to: STDERR_FILENO)
    }
}

/// Says something to the operator on stderr, outside the log format: usage and fatal errors.
func printError(_ text: String) {
    writeUnbuffered(text + "\n", to: STDERR_FILENO)
}
