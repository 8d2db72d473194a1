/// Splits a message into tokens in one pass over its scalars.
enum Tokenizer {
    static func tokens(_ s: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(16)
        // A word's UTF-8, built byte by byte: appending to a `String.UnicodeScalarView` cost
        // ~330 instructions a letter, most of the tokenizer's time.
        var word: [UInt8] = []
        word.reserveCapacity(32)
        var i = 0
        var lastEnd = -1
        while i < s.count {
            let c = s[i]
            let start = i
            var kind: Token.Kind
            var text = String.UnicodeScalarView()
            var named = false
            var isWord = false
            if Scalars.isDigit(c) {
                kind = .number
                // `United24 500`, `А-95 1200`: digits of a name, not a thousands group.
                named = tokens.last?.kind == .word && (start == lastEnd || (start == lastEnd + 1 && s[lastEnd] == "-"))
                i = scanNumber(s, from: i, into: &text, grouping: !named)
            } else if Scalars.isLetter(c) || (c == "#" && i + 1 < s.count && Scalars.isLetter(s[i + 1])) {
                kind = .word
                isWord = true
                word.removeAll(keepingCapacity: true)
                if c == "#" { word.append(UInt8(ascii: "#")); i += 1 }
                i = scanWord(s, from: i, into: &word)
                Lookalikes.cyrillicize(&word)
            } else {
                i += 1
                switch c {
                case "+": kind = .plus
                case ";": kind = .lineBreak
                case ",": kind = .comma
                case "*", "×", "/", "÷": kind = .operation
                // A full stop ends a sentence, and a sentence is an entry like a comma part
                // (`Таксі 150. Обід 320.`); `1.5` and `12.11` never get here.
                case _ where isSentenceEnd(s, at: i - 1, after: tokens.last): kind = .comma
                case _ where Scalars.isLineBreak(c): kind = .lineBreak
                case _ where Scalars.isCurrencySymbol(c): kind = .currencySymbol
                default: continue
                }
                text.append(c)
            }
            let tokenText = isWord ? String(decoding: word, as: UTF8.self) : String(text)
            tokens.append(Token(kind: kind, text: tokenText, start: start, end: i, glued: start == lastEnd, named: named,
                                capitals: kind == .word && i - start <= 3 && s[start..<i].allSatisfy { Scalars.folded($0) != $0 },
                                shape: kind == .number ? NumberShape.read(tokenText) : nil))
            lastEnd = i
        }
        return tokens
    }

    private static func scanWord(_ s: [Unicode.Scalar], from start: Int, into word: inout [UInt8]) -> Int {
        var i = start
        while i < s.count {
            let c = s[i]
            if Scalars.isLetter(c) {
                UTF8.encode(Scalars.folded(c)) { word.append($0) }
            } else if c.value == 0x306, word.count >= 2, word[word.count - 2] == 0xD0, word[word.count - 1] == 0xB8 {
                word[word.count - 1] = 0xB9  // a decomposed `й`: `и` (D0 B8) becomes `й` (D0 B9)
            } else if (0x300...0x36F).contains(c.value) {
                // Other combining marks (stress accents) carry no meaning here.
            } else if Scalars.isApostrophe(c), i + 1 < s.count, Scalars.isLetter(s[i + 1]) {
                // Dropped, so `пʼять`, `п'ять` and `пять` are one word.
            } else {
                break
            }
            i += 1
        }
        return i
    }

    /// Digits, a `.` or `,` between digits, a space before a group of exactly three digits
    /// (`1 234`), and one exponent (`1e999`, so absurd amounts fail loudly instead of as `1`).
    private static func scanNumber(_ s: [Unicode.Scalar], from start: Int, into text: inout String.UnicodeScalarView,
                                   grouping: Bool) -> Int {
        var i = start
        var groupLength = 0
        var sawSeparator = false
        var sawExponent = false
        // Minutes (`13:30 240`), an hour (`о 11 250`) and a leading zero (`067 123 45 67`) never
        // start a grouped amount.
        let mayGroup = s[start] != "0" && !(start > 0 && s[start - 1] == ":") && !NotMoney.followsTimeWord(s, at: start)
        while i < s.count {
            let c = s[i]
            if Scalars.isDigit(c) {
                text.append(c)
                groupLength += 1
                i += 1
                continue
            }
            let nextIsDigit = i + 1 < s.count && Scalars.isDigit(s[i + 1])
            if (c == "." || c == ","), nextIsDigit, !sawExponent {
                sawSeparator = true
            } else if grouping, Scalars.isSpace(c), mayGroup, !sawSeparator, groupLength <= 3,
                      !sawExponent, isThousandsGroup(s, at: i + 1) {
                text.append(" ")
                groupLength = 0
                i += 1
                continue
            } else if (c == "e" || c == "E"), nextIsDigit, !sawExponent {
                sawExponent = true
            } else {
                break
            }
            text.append(c)
            groupLength = 0
            i += 1
        }
        return i
    }

    /// `.`, `!`, `?` or `…` before a space or the end; after a short word (`тис.`, `грн.`) only
    /// when a capital follows, since that dot is more often an abbreviation's.
    private static func isSentenceEnd(_ s: [Unicode.Scalar], at i: Int, after previous: Token?) -> Bool {
        let c = s[i]
        guard c == "." || c == "!" || c == "?" || c == "…" else { return false }
        var next = i + 1
        guard next == s.count || Scalars.isSpace(s[next]) || Scalars.isLineBreak(s[next]) else { return false }
        guard c == ".", let previous, previous.kind == .word, previous.end == i, previous.end - previous.start <= 4 else { return true }
        while next < s.count, Scalars.isSpace(s[next]) { next += 1 }
        return next < s.count && s[next].properties.isUppercase
    }

    private static func isThousandsGroup(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + 3 <= s.count, Scalars.isDigit(s[i]), Scalars.isDigit(s[i + 1]), Scalars.isDigit(s[i + 2])
        else { return false }
        guard i + 3 < s.count else { return true }
        if s[i] == "0", NotMoney.isPhoneTail(s, at: i) { return false }  // `200 067 123 45 67`
        let after = s[i + 3]
        if Scalars.isDigit(after) { return false }
        // `1 234.56` groups, but `12 11.2026` (a day and a date) does not.
        if after == "." || after == ",", i + 5 < s.count, Scalars.isDigit(s[i + 4]), Scalars.isDigit(s[i + 5]),
           i + 6 < s.count, Scalars.isDigit(s[i + 6]) { return false }
        return true
    }
}
