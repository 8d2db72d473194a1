/// The note: the message's own text with the consumed words cut out, so casing, emoji and
/// punctuation inside it survive. Written as UTF-8 in one pass and decoded once: appending
/// scalars to a `String` one by one costs several times more, and a note can be 4 KB.
enum NoteText {
    static func cut(_ scalars: [Unicode.Scalar], from start: Int, to end: Int, tokens: [Token],
                    _ range: Range<Int>, consumed: TokenFlags) -> String {
        var note = Tidy(capacity: end - start)
        var cursor = start
        for i in range where consumed[i] {
            if tokens[i].start > cursor { note.append(scalars[cursor..<tokens[i].start]) }
            cursor = max(cursor, tokens[i].end)
            // The dot of an abbreviation: `15 тис.`, `85 грн.`
            if tokens[i].kind == .word, tokens[i].end - tokens[i].start <= 4, cursor < end, scalars[cursor] == "." {
                cursor += 1
            }
        }
        if cursor < end { note.append(scalars[cursor..<end]) }
        return note.text
    }

    /// Runs of spaces become one; spaces and stray separators at either end go.
    private struct Tidy {
        private var utf8: [UInt8] = []
        /// The length up to the last scalar that is not a separator: the end once trimmed.
        private var kept = 0
        private var pendingSpace = false
        /// Reserved on the first append: most entries of a long list have an empty note.
        private let capacity: Int

        init(capacity: Int) { self.capacity = max(0, capacity) * 2 }

        mutating func append(_ scalars: ArraySlice<Unicode.Scalar>) {
            if utf8.capacity == 0 { utf8.reserveCapacity(capacity) }
            for c in scalars {
                if Scalars.isSpace(c) || Scalars.isLineBreak(c) {
                    pendingSpace = true
                    continue
                }
                let edge = NoteText.isEdge(c)
                if utf8.isEmpty && edge { continue }
                // `кава , круасан`: no space before a comma once the word between went.
                if pendingSpace && !utf8.isEmpty && c != "," { utf8.append(0x20) }
                pendingSpace = false
                UTF8.encode(c) { utf8.append($0) }
                if !edge { kept = utf8.count }
            }
        }

        var text: String { String(decoding: utf8.prefix(kept), as: UTF8.self) }
    }

    private static func isEdge(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ",", ";", ":", ".", "-", "–", "—", "+", "=", "/": return true
        default: return false
        }
    }
}
