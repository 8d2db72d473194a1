/// The note: the message's own text with the consumed words cut out, so casing, emoji and
/// punctuation inside it survive.
enum NoteText {
    static func cut(_ scalars: [Unicode.Scalar], from start: Int, to end: Int, tokens: [Token],
                    _ range: Range<Int>, consumed: TokenFlags) -> String {
        var kept = String.UnicodeScalarView()
        var cursor = start
        for i in range where consumed[i] {
            if tokens[i].start > cursor { kept.append(contentsOf: scalars[cursor..<tokens[i].start]) }
            cursor = max(cursor, tokens[i].end)
            // The dot of an abbreviation: `15 тис.`, `85 грн.`
            if tokens[i].kind == .word, tokens[i].end - tokens[i].start <= 4, cursor < end, scalars[cursor] == "." {
                cursor += 1
            }
        }
        if cursor < end { kept.append(contentsOf: scalars[cursor..<end]) }
        return tidy(kept)
    }

    /// Runs of spaces become one; spaces and stray separators at either end go.
    static func tidy(_ text: String.UnicodeScalarView) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for c in text {
            if Scalars.isSpace(c) || Scalars.isLineBreak(c) {
                pendingSpace = true
                continue
            }
            if out.isEmpty && isEdge(c) { continue }
            // `кава , круасан`: no space before a comma once the word between went.
            if pendingSpace && !out.isEmpty && c != "," { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        while let last = out.last, isEdge(last) || last == " " { out.removeLast() }
        return String(out)
    }

    private static func isEdge(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ",", ";", ":", ".", "-", "–", "—", "+", "=", "/": return true
        default: return false
        }
    }
}
