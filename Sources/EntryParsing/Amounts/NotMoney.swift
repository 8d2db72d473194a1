import KopiykaCore

/// Digits that are plainly not the amount, read from the text around them: an ISO or dashed
/// date, a time (`13:30`, `о 18`), a percentage, a quantity with its unit (`2 кг`, `30 л`,
/// `3 поверсі`), a phone or card number, an order id, a bank notice's balance. Such a number
/// stays in the note (a date sets the date instead); it is never an amount candidate.
/// One pass over the tokens; nothing is allocated for a message without digits.
enum NotMoney: Equatable {
    case date(LocalDate)
    /// The rest of a date's digits.
    case datePart
    case other

    /// A balance word with its number: the message is a pasted SMS or push, one entry.
    static func isBankNotice(_ tokens: [Token], _ found: [NotMoney?]) -> Bool {
        !found.isEmpty && tokens.indices.contains { k in
            found[k] == .other && k > 0 && tokens[k - 1].kind == .word && NotMoneyWords.isBalance(tokens[k - 1].text)
        }
    }

    static func classify(_ s: [Unicode.Scalar], _ tokens: [Token], meanings: [Meaning?], today: LocalDate) -> [NotMoney?] {
        guard tokens.contains(where: { $0.kind == .number }) else { return [] }
        var found = [NotMoney?](repeating: nil, count: tokens.count)
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            guard tokens[i].kind == .number, found[i] == nil else { continue }
            if let (date, last) = dashedDate(s, tokens, at: i) {
                found[i] = .date(date)
                for k in (i + 1)...last { found[k] = .datePart }
                i = last
            } else if let last = phone(s, tokens, at: i) ?? card(s, tokens, at: i) ?? time(s, tokens, at: i) {
                for k in i...last { found[k] = .other }
                i = last
            } else if percent(s, tokens, at: i) || unit(tokens, at: i) || afterBalance(tokens, at: i) || idMark(s, tokens, at: i) {
                found[i] = .other
            }
        }
        // A long bare integer is an id or a card (`замовлення 48213377 2500`) when another number
        // could pay; alone, it stays an amount (and a too large one is refused, not dropped).
        let others = tokens.indices.filter { tokens[$0].kind == .number && found[$0] == nil }
        guard others.count > 1 else { return found }
        for k in others where isLongInteger(tokens[k]) && !(k + 1 < tokens.count && isMoneyWord(tokens[k + 1], meanings[k + 1])) {
            found[k] = .other
        }
        return found
    }

    /// `о 11`, `об 11`, `at 7`: the word before `start` says an hour follows.
    static func followsTimeWord(_ s: [Unicode.Scalar], at start: Int) -> Bool {
        guard start >= 2, s[start - 1] == " " else { return false }
        var k = start - 2
        var word: [Unicode.Scalar] = []
        while k >= 0, Scalars.isLetter(s[k]), word.count < 3 {
            word.append(Scalars.folded(s[k]))
            k -= 1
        }
        guard k < 0 || !Scalars.isLetter(s[k]) else { return false }
        return ["о", "бо", "ta"].contains(String(String.UnicodeScalarView(word)))
    }

    /// The scalar right after a token, when nothing separates them.
    private static func glued(_ s: [Unicode.Scalar], after t: Token) -> Unicode.Scalar? { t.end < s.count ? s[t.end] : nil }

    private static func gap(_ s: [Unicode.Scalar], _ a: Token, _ b: Token) -> ArraySlice<Unicode.Scalar> {
        a.end <= b.start ? s[a.end..<b.start] : []
    }

    private static func digits(_ t: Token) -> Int { t.text.unicodeScalars.filter { Scalars.isDigit($0) }.count }

    private static func isLongInteger(_ t: Token) -> Bool {
        t.text.utf8.count >= 6 && t.text.unicodeScalars.allSatisfy { Scalars.isDigit($0) }
    }

    /// `2026-11-10`, `10-11-2026`, `10/11/2026`.
    private static func dashedDate(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> (LocalDate, Int)? {
        guard i + 2 < tokens.count, tokens[i + 1].kind == .number, tokens[i + 2].kind == .number,
              let sep = gap(s, tokens[i], tokens[i + 1]).first, sep == "-" || sep == "/",
              gap(s, tokens[i], tokens[i + 1]).count == 1, gap(s, tokens[i + 1], tokens[i + 2]).elementsEqual([sep]),
              let a = Int(tokens[i].text), let b = Int(tokens[i + 1].text), let c = Int(tokens[i + 2].text)
        else { return nil }
        let date = tokens[i].text.utf8.count == 4 ? LocalDate(year: a, month: b, day: c)
            : tokens[i + 2].text.utf8.count == 4 ? LocalDate(year: c, month: b, day: a) : nil
        return date.map { ($0, i + 2) }
    }

    /// `+380 67 123 45 67`, `067 123 45 67`, `(067) 123-45-67`: the last token of the number.
    private static func phone(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        let text = tokens[i].text
        let international = text.hasPrefix("380") && i > 0 && tokens[i - 1].kind == .plus
        guard international || (text.hasPrefix("0") && digits(tokens[i]) >= 3 && !text.contains(".") && !text.contains(","))
        else { return nil }
        var count = digits(tokens[i]), last = i
        let wanted = international ? 12 : 10
        while count < wanted, last + 1 < tokens.count, tokens[last + 1].kind == .number,
              gap(s, tokens[last], tokens[last + 1]).allSatisfy({ " -()".unicodeScalars.contains($0) }) {
            last += 1
            count += digits(tokens[last])
        }
        return count >= 9 ? last : nil
    }

    /// `*1234`, `5168**1234`, `4149 **** **** 5678`.
    private static func card(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        let before = tokens[i].start > 0 ? s[tokens[i].start - 1] : " "
        return before == "*" || glued(s, after: tokens[i]) == "*" ? i : nil
    }

    private static func isMoneyWord(_ t: Token, _ meaning: Meaning?) -> Bool {
        switch meaning {
        case .currency?, .minorUnit?: return true
        default: return t.kind == .currencySymbol
        }
    }

    /// `13:30` (both numbers), `о 18`, `at 6pm`, `в 18 часов`.
    private static func time(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        guard let hour = Int(tokens[i].text), hour <= 24 else { return nil }
        if i + 1 < tokens.count, tokens[i + 1].kind == .number, gap(s, tokens[i], tokens[i + 1]).elementsEqual([":"]),
           tokens[i + 1].text.utf8.count == 2 {
            return i + 1
        }
        let next = i + 1 < tokens.count && tokens[i + 1].kind == .word ? tokens[i + 1].text : ""
        if ["am", "pm", "годині", "годину", "часов", "часа", "oclock"].contains(next) { return i + 1 }
        let previous = i > 0 && tokens[i - 1].kind == .word ? tokens[i - 1].text : ""
        return ["о", "об", "at"].contains(previous) && hour > 0 && !hasCurrency(s, tokens, i) ? i : nil
    }

    private static func hasCurrency(_ s: [Unicode.Scalar], _ tokens: [Token], _ i: Int) -> Bool {
        i + 1 < tokens.count && tokens[i + 1].kind == .currencySymbol
            || i + 1 < tokens.count && ["грн", "uah", "usd", "eur", "гривень", "гривні"].contains(tokens[i + 1].text)
            || i > 0 && tokens[i - 1].kind == .currencySymbol && tokens[i].glued
    }

    private static func percent(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Bool {
        if glued(s, after: tokens[i]) == "%" || (tokens[i].end + 1 < s.count && s[tokens[i].end] == " " && s[tokens[i].end + 1] == "%") {
            return true
        }
        return i + 1 < tokens.count && NotMoneyWords.isPercent(tokens[i + 1].text)
    }

    /// `2 кг`, `30 л`, `3-й поверх`, `на 3 поверсі`.
    private static func unit(_ tokens: [Token], at i: Int) -> Bool {
        var k = i + 1
        if k < tokens.count, tokens[k].glued, NotMoneyWords.ordinalEndings.contains(tokens[k].text) { k += 1 }
        return k < tokens.count && tokens[k].kind == .word && NotMoneyWords.isUnit(tokens[k].text)
    }

    /// `Баланс 12 431.07 UAH`, `Бал. 12431.07`, `Available: 500`.
    private static func afterBalance(_ tokens: [Token], at i: Int) -> Bool {
        for k in stride(from: i - 1, through: max(0, i - 3), by: -1) {
            if tokens[k].kind == .word, NotMoneyWords.isBalance(tokens[k].text) { return true }
            if tokens[k].kind == .number || tokens[k].kind == .lineBreak { return false }
        }
        return false
    }

    /// `№ 123`, `#48213377`, `замовлення 48213377`, `order 4821`.
    private static func idMark(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Bool {
        var k = tokens[i].start - 1
        while k >= 0, s[k] == " " { k -= 1 }
        if k >= 0, s[k] == "№" || s[k] == "#" { return true }
        return i > 0 && tokens[i - 1].kind == .word && NotMoneyWords.idWords.contains(tokens[i - 1].text)
            && isLongInteger(tokens[i]) && tokens.indices.contains { $0 != i && tokens[$0].kind == .number }
    }
}
