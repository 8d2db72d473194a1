/// The message with the schedule's words cut out and everything else kept as written (order,
/// casing, emoji, a leading `+`). Only the joints are tidied: the spaces around a cut become
/// one, a comma or colon left at a line's edge goes, and a line that held only the schedule
/// goes with its line break. Never longer than the message: each cut of one or more scalars
/// leaves at most one space. One pass over the scalars.
enum RestText {
    static func cut(_ s: [Unicode.Scalar], removing tokens: [Token]) -> String {
        var out = String.UnicodeScalarView()
        var cursor = 0
        for span in spans(s, tokens) {
            var a = span.lowerBound, b = span.upperBound
            while a > cursor, Scalars.isSpace(s[a - 1]) { a -= 1 }
            while b < s.count, Scalars.isSpace(s[b]) { b += 1 }
            if cursor < a { out.append(contentsOf: s[cursor..<a]) }
            let atLineStart = out.last.map(Scalars.isLineBreak) ?? true
            if atLineStart {
                while b < s.count, isEdge(s[b]) || Scalars.isSpace(s[b]) { b += 1 }
            }
            let atLineEnd = b == s.count || Scalars.isLineBreak(s[b])
            if atLineStart && atLineEnd {
                if b < s.count { b += s[b] == "\r" && b + 1 < s.count && s[b + 1] == "\n" ? 2 : 1 }
            } else if atLineEnd {
                while let last = out.last, isEdge(last) || Scalars.isSpace(last) { out.removeLast() }
            } else if !atLineStart && !isClosing(s[b]) {
                out.append(" ")
            }
            cursor = b
        }
        if cursor < s.count { out.append(contentsOf: s[cursor...]) }
        let blank = { (c: Unicode.Scalar) in Scalars.isSpace(c) || Scalars.isLineBreak(c) }
        guard let first = out.firstIndex(where: { !blank($0) }), let last = out.lastIndex(where: { !blank($0) }) else { return "" }
        return String(out[first...last])
    }

    /// The removed tokens' scalar ranges in order, neighbours joined across the spaces, dashes
    /// and commas between them (`5-го`, `з 1 грудня, до 31.12`), with an abbreviation's dot
    /// (`Dec.`).
    private static func spans(_ s: [Unicode.Scalar], _ tokens: [Token]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for token in tokens {
            var end = token.end
            if token.kind == .word, end - token.start <= 4, end < s.count, s[end] == "." { end += 1 }
            if let last = spans.last, last.upperBound <= token.start,
               s[last.upperBound..<token.start].allSatisfy(isJoint) {
                spans[spans.count - 1] = last.lowerBound..<end
            } else if let last = spans.last, last.upperBound > token.start {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                spans.append(token.start..<end)
            }
        }
        return spans
    }

    private static func isJoint(_ c: Unicode.Scalar) -> Bool {
        Scalars.isSpace(c) || c == "-" || c == "–" || c == "—" || c == ","
    }

    /// Left at a line's edge by a cut: `netflix 299, щомісяця`, `щомісяця: оренда`.
    private static func isEdge(_ c: Unicode.Scalar) -> Bool {
        c == "," || c == ";" || c == ":" || c == "–" || c == "—"
    }

    /// No space before these once the words before them went: `кава 85 щодня.` → `кава 85.`
    private static func isClosing(_ c: Unicode.Scalar) -> Bool {
        c == "," || c == "." || c == ";" || c == ":" || c == "!" || c == "?" || c == ")"
    }
}
