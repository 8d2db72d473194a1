import KopiykaCore

/// Digits that are plainly not the amount, read from the text around them: an ISO or dashed
/// date, a time (`13:30`, `о 18`), a percentage, a quantity with its unit (`2 кг`, `30 л`,
/// `3 поверсі`), a phone or card number, an order id, a bank notice's balance. Such a number
/// stays in the note (a date sets the date instead); it is never an amount candidate.
/// One pass over the tokens; nothing is allocated for a message without digits.
enum NotMoney: Equatable {
    case date(LocalDate)
    /// Cut from the note too: the rest of a date, a bank notice's balance with its word.
    case cut
    /// Kept in the note.
    case other

    /// A balance word with its number: the message is a pasted SMS or push, one entry.
    static func isBankNotice(_ tokens: [Token], _ found: [NotMoney?]) -> Bool {
        !found.isEmpty && tokens.indices.contains { k in
            found[k] == .cut && tokens[k].kind == .word && NotMoneyWords.of(tokens[k].text, stem: "").contains(.balance)
        }
    }

    static func classify(_ s: [Unicode.Scalar], _ tokens: [Token], meanings: [Meaning?], stems: [String],
                         today: LocalDate) -> [NotMoney?] {
        func words(_ k: Int) -> NotMoneyWords {
            tokens.indices.contains(k) && tokens[k].kind == .word ? NotMoneyWords.of(tokens[k].text, stem: stems[k]) : []
        }
        // Allocated on the first find: most messages with digits hold only their amount.
        var found: [NotMoney?] = []
        func mark(_ range: ClosedRange<Int>, _ kind: NotMoney) {
            if found.isEmpty { found = [NotMoney?](repeating: nil, count: tokens.count) }
            for k in range { found[k] = kind }
        }
        var numbers = 0
        var operands: TokenFlags? = nil
        var labels: [Int] = []
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            guard tokens[i].kind == .number else { continue }
            numbers += 1
            let next = words(i + 1), previous = words(i - 1)
            if let (date, last) = dashedDate(s, tokens, at: i) {
                mark(i...last, .cut)
                found[i] = .date(date)
                i = last
            } else if let last = computed(tokens, at: i) {
                // `2*45`, `3*250+50`: operands of a computed amount, which `Arithmetic` reads.
                operands = operands ?? TokenFlags(0..<tokens.count)
                for k in i...last { operands?[k] = true }
                i = last
            } else if let last = phone(s, tokens, at: i) ?? card(s, tokens, at: i) ?? time(s, tokens, at: i, next: next) {
                mark(i...last, .other)
                i = last
            } else if let word = balanceWord(tokens, before: i, words) {
                var last = i
                if last + 1 < tokens.count, tokens[last + 1].kind == .currencySymbol || next.contains(.currency) { last += 1 }
                mark(word...last, .cut)
                i = last
            } else if let last = score(s, tokens, at: i) {
                mark(i...last, .other)
                i = last
            } else if percent(s, tokens, at: i) || next.contains(.percent) || unit(tokens, at: i, next: next, words)
                        || idMark(s, tokens, at: i, previous: previous) {
                mark(i...i, .other)
            } else if let last = span(tokens, at: i) {
                mark(i...last, .other)
                i = last
            } else if i > 0, durations.contains(WordKey(tokens[i - 1].text)) && !(i > 1 && tokens[i - 2].kind == .number)
                        || isAddress(s, tokens, at: i) {
                mark(i...i, .other)
            } else if let strength = label(tokens, at: i, previous: previous, next: next) {
                if strength == .always { mark(i...i, .other) } else { labels.append(i) }
            }
        }
        // `вагон 5 місце 12 квиток 450`: a place's number beside a word that may also be paid
        // for (`за квартиру 950`, `hotel room 80`) is a label only when another number can pay.
        if !labels.isEmpty, tokens.indices.contains(where: { k in
            tokens[k].kind == .number && !labels.contains(k) && (found.isEmpty || found[k] == nil) && operands?[k] != true
        }) {
            for k in labels { mark(k...k, .other) }
        }
        // A long bare integer is an id or a card (`замовлення 48213377 2500`) when another number
        // could pay; alone, it stays an amount (and a too large one is refused, not dropped).
        guard numbers > 1 else { return found }
        let free = tokens.indices.filter {
            tokens[$0].kind == .number && (found.isEmpty || found[$0] == nil) && operands?[$0] != true
        }
        guard free.count > 1 else { return found }
        for k in free where isLongInteger(tokens[k]) && !(k + 1 < tokens.count && isMoneyWord(tokens[k + 1], meanings[k + 1])) {
            mark(k...k, .other)
        }
        return found
    }

    /// `о 11`, `об 11`, `at 7`: the word before `start` says an hour follows. Runs for every
    /// number the tokenizer reads, so it looks at three scalars and builds nothing.
    static func followsTimeWord(_ s: [Unicode.Scalar], at start: Int) -> Bool {
        guard start >= 2, s[start - 1] == " " else { return false }
        func letter(_ k: Int) -> Unicode.Scalar? { k >= 0 && Scalars.isLetter(s[k]) ? Scalars.folded(s[k]) : nil }
        switch (letter(start - 3), letter(start - 2)) {
        case (nil, "о"?): return true
        case ("о"?, "б"?), ("a"?, "t"?): return letter(start - 4) == nil
        default: return false
        }
    }

    /// `067 123 45 67` or `067-123-45-67` starts at `i`: a phone, never a thousands group.
    static func isPhoneTail(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        let pattern: [Unicode.Scalar?] = ["0", nil, nil, "-", nil, nil, nil, "-", nil, nil, "-", nil, nil]
        guard i + pattern.count <= s.count else { return false }
        for (offset, wanted) in pattern.enumerated() {
            let c = s[i + offset]
            switch wanted {
            case nil: guard Scalars.isDigit(c) else { return false }
            case "-"?: guard c == " " || c == "-" else { return false }
            case let scalar?: guard c == scalar else { return false }
            }
        }
        return true
    }

    /// The scalar right after a token, when nothing separates them.
    private static func glued(_ s: [Unicode.Scalar], after t: Token) -> Unicode.Scalar? { t.end < s.count ? s[t.end] : nil }

    private static func gap(_ s: [Unicode.Scalar], _ a: Token, _ b: Token) -> ArraySlice<Unicode.Scalar> {
        a.end <= b.start ? s[a.end..<b.start] : []
    }

    private static func digits(_ t: Token) -> Int {
        var count = 0
        for byte in t.text.utf8 where (0x30...0x39).contains(byte) { count += 1 }
        return count
    }

    private static func isLongInteger(_ t: Token) -> Bool {
        t.text.utf8.count >= 6 && t.text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// `2026-11-10`, `10-11-2026`, `10/11/2026`.
    private static func dashedDate(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> (LocalDate, Int)? {
        guard let (j, sep) = datePart(s, tokens, after: i), let (k, again) = datePart(s, tokens, after: j), sep == again,
              let a = Int(tokens[i].text), let b = Int(tokens[j].text), let c = Int(tokens[k].text)
        else { return nil }
        let date = tokens[i].text.utf8.count == 4 ? LocalDate(year: a, month: b, day: c)
            : tokens[k].text.utf8.count == 4 ? LocalDate(year: c, month: b, day: a) : nil
        return date.map { ($0, k) }
    }

    /// The number after token `k` in a date and the one `-` or `/` before it (a `/` is a token
    /// of its own, an operation).
    private static func datePart(_ s: [Unicode.Scalar], _ tokens: [Token], after k: Int) -> (Int, Unicode.Scalar)? {
        var j = k + 1
        if j < tokens.count, tokens[j].kind == .operation { j += 1 }
        guard j < tokens.count, tokens[j].kind == .number else { return nil }
        let between = gap(s, tokens[k], tokens[j])
        guard between.count == 1, let sep = between.first, sep == "-" || sep == "/" else { return nil }
        return (j, sep)
    }

    /// The last operand of an amount computed from `i` on (`2*45`, `120 + 35`). Checks the next
    /// two tokens before building anything: it runs for every number.
    private static func computed(_ tokens: [Token], at i: Int) -> Int? {
        guard i + 2 < tokens.count, tokens[i + 2].kind == .number || Arithmetic.isPieces(tokens[i + 1]),
              tokens[i + 1].kind != .number, tokens[i + 1].kind != .word || tokens[i + 1].text.utf8.count <= 2 || Arithmetic.isPieces(tokens[i + 1]),
              let expression = Arithmetic.read(tokens, from: i, to: tokens.count, consumed: TokenFlags(0..<0))
        else { return nil }
        return expression.next - 1
    }

    /// `+380 67 123 45 67`, `067 123 45 67`, `(067) 123-45-67`: the last token of the number.
    private static func phone(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        let text = tokens[i].text.utf8
        guard let first = text.first, first == 0x30 || first == 0x33 else { return nil }
        let international = first == 0x33 && text.starts(with: "380".utf8) && i > 0 && tokens[i - 1].kind == .plus
        guard international || (first == 0x30 && digits(tokens[i]) >= 3 && !text.contains(0x2E) && !text.contains(0x2C))
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

    /// `*1234`, `5168**1234`, `4149 **** **** 5678`: digits next to a mask's stars, glued to one
    /// star or beside several; `кава 85 *1234` keeps its price.
    private static func card(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        var before = tokens[i].start - 1
        while before >= 0, s[before] == " " { before -= 1 }
        var after = tokens[i].end
        while after < s.count, s[after] == " " { after += 1 }
        let starBefore = before >= 0 && s[before] == "*"
            && (before == tokens[i].start - 1 || (before > 0 && s[before - 1] == "*"))
        let starAfter = after < s.count && s[after] == "*"
            && (after == tokens[i].end || (after + 1 < s.count && s[after + 1] == "*"))
        return starBefore || starAfter ? i : nil
    }

    private static func isMoneyWord(_ t: Token, _ meaning: Meaning?) -> Bool {
        switch meaning {
        case .currency?, .minorUnit?: return true
        default: return t.kind == .currencySymbol
        }
    }

    /// `13:30` (both numbers), `о 18`, `at 6pm`, `в 18 часов`.
    private static func time(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int, next: NotMoneyWords) -> Int? {
        guard tokens[i].text.utf8.count <= 2, let hour = Int(tokens[i].text), hour <= 24 else { return nil }
        if i + 1 < tokens.count, tokens[i + 1].kind == .number, gap(s, tokens[i], tokens[i + 1]).elementsEqual([":"]),
           tokens[i + 1].text.utf8.count == 2 {
            return i + 1
        }
        if next.contains(.hour) { return i + 1 }
        guard hour > 0, i > 0, tokens[i - 1].kind == .word, !next.contains(.currency) else { return nil }
        let previous = tokens[i - 1].text.utf8
        let atHour = previous.elementsEqual("о".utf8) || previous.elementsEqual("об".utf8) || previous.elementsEqual("at".utf8)
        return atHour && !hasCurrency(tokens, i) ? i : nil
    }

    private static func hasCurrency(_ tokens: [Token], _ i: Int) -> Bool {
        i + 1 < tokens.count && tokens[i + 1].kind == .currencySymbol
            || i > 0 && tokens[i - 1].kind == .currencySymbol && tokens[i].glued
    }

    private static func percent(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Bool {
        if glued(s, after: tokens[i]) == "%" || (tokens[i].end + 1 < s.count && s[tokens[i].end] == " " && s[tokens[i].end + 1] == "%") {
            return true
        }
        return false
    }

    /// `2 кг`, `30 л`, `3-й поверх`, `на 3 поверсі`.
    private static func unit(_ tokens: [Token], at i: Int, next: NotMoneyWords, _ words: (Int) -> NotMoneyWords) -> Bool {
        let k = i + 1
        // `кіно 400 тиждень тому`: a price before `a week ago`, not 400 weeks.
        if next.contains(.unit), k + 1 < tokens.count, DayWords.agoWords.contains(tokens[k + 1].text),
           let n = Int(tokens[i].text), !DayWords.counts(n, tokens[k].text) { return false }
        if next.contains(.unit) { return !thousands(tokens, at: i) }
        return k < tokens.count && tokens[k].glued && NotMoneyWords.ordinalEndings.contains(WordKey(tokens[k].text))
            && words(k + 1).contains(.unit)
    }

    /// `Баланс 12 431.07 UAH`, `Бал. 12431.07`, `Available: 500`: the balance word's index.
    private static func balanceWord(_ tokens: [Token], before i: Int, _ words: (Int) -> NotMoneyWords) -> Int? {
        for k in stride(from: i - 1, through: max(0, i - 3), by: -1) {
            if words(k).contains(.balance) { return k }
            if tokens[k].kind == .number || tokens[k].kind == .lineBreak { return nil }
        }
        return nil
    }

    /// `за ремонт 14 штук`, `продав за 3 штуки`: slang for thousands when the number is the
    /// message's only one, follows `за` and ends the message's words; `хліб 2 штуки 60`,
    /// `батарейки на 4 штуки` and `за 10 штук яєць` count pieces.
    private static func thousands(_ tokens: [Token], at i: Int) -> Bool {
        guard i + 1 < tokens.count, tokens[i + 1].text.utf8.starts(with: "штук".utf8),
              !tokens[(i + 2)...].contains(where: { $0.kind == .word || $0.kind == .number }),
              !tokens.indices.contains(where: { $0 != i && tokens[$0].kind == .number }) else { return false }
        return tokens[..<i].contains { $0.kind == .word && $0.text.utf8.elementsEqual("за".utf8) }
    }

    enum LabelStrength { case always, besideAPrice }

    /// `кв 47`, `214 кабінет`, `вагон 4`: a whole number under 1,000 beside a place's word,
    /// with no currency, may name the place: always right after the place in the nominative,
    /// otherwise when another number can pay (`classify`; `за квартиру 950` is paid). A route's number has three digits (`маршрутка 208`;
    /// `маршрутка 15` is the fare).
    private static func label(_ tokens: [Token], at i: Int, previous: NotMoneyWords, next: NotMoneyWords) -> LabelStrength? {
        let text = tokens[i].text.utf8
        guard text.count <= 3, text.allSatisfy({ (0x30...0x39).contains($0) }), !hasCurrency(tokens, i),
              !next.contains(.currency) else { return nil }
        if previous.contains(.place), i > 0, alwaysLabels.contains(WordKey(tokens[i - 1].text)) { return .always }
        if previous.contains(.place) || next.contains(.place) { return .besideAPrice }
        return previous.contains(.route) && text.count == 3 ? .besideAPrice : nil
    }

    /// `з 8 до 12`, `з 3 по 9`, `from 9 to 5`: hours or days, both whole numbers up to 31 and
    /// without a currency; the last token of the span.
    private static func span(_ tokens: [Token], at i: Int) -> Int? {
        guard i > 0, i + 2 < tokens.count, spanStarts.contains(WordKey(tokens[i - 1].text)), tokens[i + 1].kind == .word,
              spanEnds.contains(WordKey(tokens[i + 1].text)), tokens[i + 2].kind == .number,
              [tokens[i], tokens[i + 2]].allSatisfy({ token in
                  if case .value(let value, nil)? = token.shape, value.scale == 0, (0...31).contains(value.digits) { true } else { false }
              }), !hasCurrency(tokens, i + 2), !(i + 3 < tokens.count && tokens[i + 3].kind == .currencySymbol) else { return nil }
        return i + 2
    }

    private static let spanStarts: Set<WordKey> = Set(["з", "із", "с", "від", "от", "from"].map(WordKey.init))
    private static let spanEnds: Set<WordKey> = Set(["до", "по", "to", "till", "until"].map(WordKey.init))
    /// `часа 3 ехать`, `хвилин 20`: a duration said before its number.
    private static let durations: Set<WordKey> = Set([
        "часа", "часов", "години", "годин", "годину", "хвилин", "хвилини", "минут", "минуты", "днів", "дней",
        "hours", "hrs", "minutes", "mins", "days",
    ].map(WordKey.init))

    /// `22 Wellington Rd`, `вул. Шевченка 12`: a house's number beside its street.
    private static func isAddress(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Bool {
        func street(_ k: Int) -> Bool { tokens.indices.contains(k) && tokens[k].kind == .word && streets.contains(WordKey(tokens[k].text)) }
        let after = street(i + 2) && tokens[i + 1].kind == .word
        // `вул. Шевченка 12`: the abbreviation's full stop is a token of its own.
        let before = i > 1 && tokens[i - 1].kind == .word
            && (street(i - 2) || (tokens[i - 2].kind == .comma && s.indices.contains(tokens[i - 2].start) && s[tokens[i - 2].start] == "."
                                  && street(i - 3)))
        return after || before
    }

    private static let streets: Set<WordKey> = Set([
        "вул", "вулиця", "вулиці", "улица", "улице", "ул", "проспект", "просп", "бульвар", "бул", "провулок", "переулок",
        "rd", "road", "street", "st", "ave", "avenue", "lane", "ln", "ulica", "ul",
    ].map(WordKey.init))

    /// A place named in the nominative right before its number: `кабінет 305`, `палата 312`.
    private static let alwaysLabels: Set<WordKey> = Set([
        "кв", "каб", "кабінет", "кабинет", "палата", "вагон", "аудиторія", "аудитория", "квартира", "підїзд", "подъезд",
        "корпус", "apt", "flat", "platform", "gate", "ward", "number",
    ].map(WordKey.init))

    /// `2:0`, `3:1`: a score (a time has two digits after its colon).
    private static func score(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int) -> Int? {
        guard i + 1 < tokens.count, tokens[i].text.utf8.count <= 2, tokens[i + 1].kind == .number,
              tokens[i + 1].text.utf8.count == 1, gap(s, tokens[i], tokens[i + 1]).elementsEqual([":"]) else { return nil }
        return i + 1
    }

    /// `№ 123`, `#48213377`, `замовлення 48213377`, `order 4821`.
    private static func idMark(_ s: [Unicode.Scalar], _ tokens: [Token], at i: Int, previous: NotMoneyWords) -> Bool {
        var k = tokens[i].start - 1
        while k >= 0, s[k] == " " { k -= 1 }
        if k >= 0, s[k] == "№" || s[k] == "#" { return true }
        return previous.contains(.id) && isLongInteger(tokens[i]) && tokens.indices.contains { $0 != i && tokens[$0].kind == .number }
    }
}
