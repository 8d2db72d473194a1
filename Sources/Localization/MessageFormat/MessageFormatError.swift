/// Why a MessageFormat string did not parse, and where: `offset` counts characters from 0.
public struct MessageFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int

    public var description: String { "at character \(offset): \(reason)" }
}
