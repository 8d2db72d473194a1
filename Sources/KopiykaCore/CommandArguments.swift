/// The words after a command's name, read against what the command declares: flags that stand
/// alone (`--rebuild`), options that take the next word (`--entries 1000`), and plain words
/// (a path, a benchmark's name). The one way `kopiyka`'s commands and the bench executables
/// read their command lines: anything undeclared is an error that names it, never ignored.
///
/// Pure; any thread. Cost: one pass over the words.
public struct CommandArguments: Sendable {
    private var flags: Set<String> = []
    private var values: [String: String] = [:]
    /// The words that are neither flags nor options nor their values, in order.
    public private(set) var words: [String] = []

    /// `words`: how many plain words may come (none unless said); a word starting with `-` is
    /// never one.
    public init(
        _ arguments: [String], flags allowedFlags: Set<String> = [], options: Set<String> = [],
        words allowedWords: ClosedRange<Int> = 0...0
    ) throws(CommandArgumentError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if allowedFlags.contains(argument) {
                flags.insert(argument)
            } else if options.contains(argument) {
                guard let value = rest.popFirst() else { throw CommandArgumentError("\(argument) needs a value") }
                values[argument] = value
            } else if !argument.hasPrefix("-"), words.count < allowedWords.upperBound {
                words.append(argument)
            } else {
                throw CommandArgumentError("unexpected argument \(argument)")
            }
        }
        guard words.count >= allowedWords.lowerBound else { throw CommandArgumentError("missing argument") }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value given to `option`, if it was.
    public subscript(option: String) -> String? { values[option] }

    /// `option`'s value as a whole number above zero; nil when it was not given.
    public func positiveInt(_ option: String) throws(CommandArgumentError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let number = Int(text), number > 0 else {
            throw CommandArgumentError("\(option) takes a whole number above 0, not \(text)")
        }
        return number
    }
}

/// What was wrong with a command line, in words for its user.
public struct CommandArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
