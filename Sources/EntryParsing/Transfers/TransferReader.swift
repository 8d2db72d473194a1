import KopiykaCore

extension EntryParser {
    /// False when `transfer` is surely nil (the text has no transfer verb), before what a
    /// transfer needs is looked up: the member's accounts, the household's day. One pass of
    /// the tokenizer, which `transfer` repeats for a message that has a verb.
    public func mayBeTransfer(_ text: String) -> Bool {
        Self.hasTransferVerb(Tokenizer.tokens(Array(text.unicodeScalars)))
    }

    private static func hasTransferVerb(_ tokens: [Token]) -> Bool {
        tokens.contains { $0.kind == .word && TransferWords.verb($0.text) != nil }
    }

    /// Reads a message that moves money between the member's own accounts: `зняв готівку
    /// 2000`, `переказ 5000 на депозит`, `поповнив моно з привату 3000`, `обміняв 400 $ по
    /// 41,3`. nil for anything else, which is then an entry as before: a transfer verb and
    /// nothing in the message but accounts, prepositions, one amount, a currency, a date, an
    /// exchange's rate. A purchase is never read as a transfer: `зняв квартиру 12000` has a
    /// word of its own, `кава на картці 85` no transfer verb.
    public func transfer(_ text: String, today: LocalDate, accounts: AccountNames? = nil) -> ParsedTransfer? {
        let scalars = Array(text.unicodeScalars)
        let tokens = Tokenizer.tokens(scalars)
        // No transfer without a verb: most messages are told apart here, before their words'
        // meanings (the lexicon, stems, the typo table) are looked up.
        guard Self.hasTransferVerb(tokens) else { return nil }
        let message = Message(scalars: scalars, tokens: tokens, today: today, lexicon: Lexicon.shared, accounts: accounts)
        guard message.hasContent, tokens.count <= 40 else { return nil }
        var kind: ParsedTransfer.Kind?
        var rate: (value: DecimalValue, text: String, span: Range<Int>)?
        var from: AccountKey?, to: AccountKey?, unplaced: [AccountKey] = []
        var mentioned: [Currency] = []
        for (i, token) in tokens.enumerated() {
            switch token.kind {
            case .number, .currencySymbol:
                if token.kind == .currencySymbol, let code = AmountCandidate.currency(token, nil) { mentioned.append(code) }
                continue
            case .word: break
            default: return nil
            }
            let word = token.text
            if let verb = TransferWords.verb(word) {
                guard kind == nil || kind == verb else { return nil }
                kind = verb
            } else if TransferWords.rate.contains(word), i + 1 < tokens.count, let value = Self.rate(tokens[i + 1]) {
                guard rate == nil else { return nil }
                rate = (value, tokens[i + 1].text, i..<(i + 2))
            } else if case .account(let key)? = message.meanings[i] {
                if i > 0, message.meanings[i - 1] == .account(key) { continue }  // The rest of a name of several words.
                let before = i > 0 ? tokens[i - 1].text : ""
                if TransferWords.from.contains(before) {
                    guard from == nil else { return nil }
                    from = key
                } else if TransferWords.to.contains(before) {
                    guard to == nil else { return nil }
                    to = key
                } else {
                    unplaced.append(key)
                }
            } else if case .currency(let code)? = message.meanings[i] {
                mentioned.append(code)
            } else if !Self.saysNothing(word, message.meanings[i]) {
                return nil
            }
        }
        guard let kind else { return nil }
        for key in unplaced {
            if to == nil { to = key } else if from == nil { from = key } else { return nil }
        }
        // The amount, date and currency as an entry would have them, the rate left out.
        var rest = message.scalars
        if let span = rate?.span { rest.removeSubrange(tokens[span.lowerBound].start..<tokens[span.upperBound - 1].end) }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: rest)
        guard case .success(let entries) = parse(String(text), today: today, accounts: accounts), entries.count == 1,
              let entry = entries.first, entry.readings.isEmpty, entry.kind == .expense
        else { return nil }
        var transfer = ParsedTransfer(kind: kind, amount: entry.amount, received: entry.amount, from: from, to: to,
                                      date: entry.date, rate: nil)
        if kind == .exchange {
            guard let rate, let other = exchanged(entry.amount, rate: rate.value, mentioned: mentioned) else { return nil }
            transfer.received = other
            transfer.rate = rate.text
            return transfer
        }
        guard rate == nil, from != nil || to != nil else { return nil }
        if kind == .withdrawal, transfer.to == nil { transfer.to = .cash }
        return transfer.from == transfer.to ? nil : transfer
    }

    /// A rate's digits with at most one `,` or `.`, always the decimal one: `41,335` is a rate
    /// of forty-one, not a thousands group.
    private static func rate(_ token: Token) -> DecimalValue? {
        guard token.kind == .number else { return nil }
        var digits: Int64 = 0, count = 0, scale: Int? = nil
        for c in token.text.unicodeScalars {
            if Scalars.isDigit(c) {
                count += 1
                guard count <= 12 else { return nil }
                digits = digits * 10 + Int64(c.value - 0x30)
                scale = scale.map { $0 + 1 }
            } else if (c == "," || c == "."), scale == nil {
                scale = 0
            } else {
                return nil
            }
        }
        return count == 0 ? nil : DecimalValue(digits: digits, scale: scale ?? 0)
    }

    /// Prepositions, dates, number words and the like: nothing a purchase would need.
    private static func saysNothing(_ word: String, _ meaning: Meaning?) -> Bool {
        switch meaning {
        case .daysAgo?, .month?, .minorUnit?, .preposition?: return true
        case .category?, .privateTag?, .account?, .currency?: return false
        case nil:
            return TransferWords.from.contains(word) || TransferWords.to.contains(word) || TransferWords.neutral.contains(word)
                || Lexicon.shared.number(word) != nil
        }
    }

    /// The other side of an exchange: a foreign amount times the rate in the base currency, or
    /// a base amount divided by it in the foreign currency the message names. Exact in
    /// `Int128`, rounded half away from zero once; nil past the parser's bounds.
    private func exchanged(_ amount: Money, rate: DecimalValue, mentioned: [Currency]) -> Money? {
        guard rate.digits > 0, (0...6).contains(rate.scale) else { return nil }
        let foreign = mentioned.first { $0 != amount.currency }
        let target: Currency
        var numerator = Int128(amount.minorUnits), denominator = Int128(amount.currency.minorUnitsPerMajor)
        var scale: Int128 = 1
        for _ in 0..<rate.scale { scale *= 10 }
        if amount.currency != baseCurrency {
            guard foreign == nil || foreign == baseCurrency else { return nil }
            target = baseCurrency
            numerator *= Int128(rate.digits) * Int128(target.minorUnitsPerMajor)
            denominator *= scale
        } else {
            guard let foreign else { return nil }
            target = foreign
            numerator *= scale * Int128(target.minorUnitsPerMajor)
            denominator *= Int128(rate.digits)
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let minor = quotient + (remainder * 2 >= denominator ? 1 : 0)
        let limit = Int128(Self.maximumMajorUnits) * Int128(target.minorUnitsPerMajor)
        guard minor > 0, minor <= limit, let narrowed = Int64(exactly: minor) else { return nil }
        return Money(minorUnits: narrowed, currency: target)
    }
}
