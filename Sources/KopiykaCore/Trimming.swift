// `trimmingCharacters(in:)` lives in full Foundation, which the bot does not load.

extension StringProtocol {
    /// Without leading and trailing whitespace (newlines included), as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public var trimmed: String {
        // Most texts have nothing to trim: their first scalar is no white space, and neither
        // is the character their last scalar ends. Told from the two scalars, not by walking
        // the text's characters (each message trimmed twice cost 8,000 instructions).
        if let first = unicodeScalars.first, let last = unicodeScalars.last,
           !first.properties.isWhitespace, last.endsACharacterThatIsNoWhiteSpace {
            return String(self)
        }
        return trimming(while: \.isWhitespace)
    }

    /// Without the leading and trailing characters that match: `trimming(while: \.isPunctuation)`.
    public func trimming(while matches: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !matches($0) }), let last = lastIndex(where: { !matches($0) })
        else { return "" }
        return String(self[first...last])
    }
}

extension Unicode.Scalar {
    /// A scalar that never joins the character before it (not a mark, a joiner, a line feed
    /// after a carriage return), and is no white space itself: then the character it ends
    /// begins with it or with another scalar that is no white space. Printable ASCII and the
    /// letters of the Cyrillic block; false for the rest, which are asked the slow way.
    var endsACharacterThatIsNoWhiteSpace: Bool {
        switch value {
        case 0x21...0x7E, 0x0400...0x0482, 0x048A...0x04FF: true
        default: false
        }
    }
}
