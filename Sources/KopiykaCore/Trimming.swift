// `trimmingCharacters(in:)` lives in full Foundation, which the bot does not load.

extension StringProtocol {
    /// Without leading and trailing whitespace (newlines included), as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public var trimmed: String { trimming(while: \.isWhitespace) }

    /// Without the leading and trailing characters that match: `trimming(while: \.isPunctuation)`.
    public func trimming(while matches: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !matches($0) }), let last = lastIndex(where: { !matches($0) })
        else { return "" }
        return String(self[first...last])
    }
}
