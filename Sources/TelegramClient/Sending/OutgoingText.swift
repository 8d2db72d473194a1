/// Telegram's text limits, counted as Telegram counts: UTF-16 code units of the visible text.
public enum OutgoingText {
    public static let maxLength = 4096
    public static let maxCaptionLength = 1024

    /// Splits plain text (split before escaping) into pieces of at most `limit` UTF-16 units,
    /// at line boundaries where possible. A single longer line is cut at the limit on a
    /// character boundary (never inside a surrogate pair or a grapheme). Pieces that would be
    /// blank are dropped: Telegram refuses empty texts.
    public static func split(_ text: String, limit: Int = maxLength) -> [String] {
        precondition(limit > 0)
        var pieces: [String] = []
        var current = ""
        var currentLength = 0
        var started = false
        func flush() {
            if started { pieces.append(current) }
            current = ""
            currentLength = 0
            started = false
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let length = line.utf16.count
            if started && currentLength + 1 + length <= limit {
                current += "\n" + line
                currentLength += 1 + length
                continue
            }
            flush()
            var cuts = length <= limit ? [String(line)] : cut(line, limit: limit)
            current = cuts.removeLast()
            currentLength = current.utf16.count
            started = true
            pieces += cuts
        }
        flush()
        return pieces.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    private static func cut(_ line: Substring, limit: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var length = 0
        for character in line {
            let units = character.utf16.count
            if units > limit {
                // A grapheme longer than the limit (absurd, but possible): cut between scalars.
                for scalar in character.unicodeScalars {
                    let scalarUnits = UTF16.width(scalar)
                    if length + scalarUnits > limit {
                        pieces.append(piece)
                        piece = ""
                        length = 0
                    }
                    piece.unicodeScalars.append(scalar)
                    length += scalarUnits
                }
                continue
            }
            if length + units > limit {
                pieces.append(piece)
                piece = ""
                length = 0
            }
            piece.append(character)
            length += units
        }
        pieces.append(piece)
        return pieces
    }
}
