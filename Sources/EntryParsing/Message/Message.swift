import KopiykaCore

/// A tokenized message, split into lines (new line or `;`) and each line into the parts of
/// its entries.
struct Message {
    /// What a line holding only a date or an account (`вчора:`) says about the lines after it.
    struct Defaults {
        var date: LocalDate?
        var account: AccountKey?
    }

    let scalars: [Unicode.Scalar]
    let tokens: [Token]
    let meanings: [Meaning?]
    let exact: [Bool]
    /// `Stemmer.stem` of each word token (empty for others).
    let stems: [String]
    let today: LocalDate
    let lexicon: Lexicon
    /// Per token, or empty when the message has no digits.
    let notMoney: [NotMoney?]

    init(_ text: String, today: LocalDate, lexicon: Lexicon, accounts: AccountNames? = nil) {
        let scalars = Array(text.unicodeScalars)
        self.init(scalars: scalars, tokens: Tokenizer.tokens(scalars), today: today, lexicon: lexicon, accounts: accounts)
    }

    /// `tokens` are `Tokenizer.tokens(scalars)`, for a caller that looked at them first.
    init(scalars: [Unicode.Scalar], tokens: [Token], today: LocalDate, lexicon: Lexicon, accounts: AccountNames? = nil) {
        self.scalars = scalars
        self.tokens = tokens
        var meanings: [Meaning?] = []
        var exact: [Bool] = []
        var stems: [String] = []
        meanings.reserveCapacity(tokens.count)
        exact.reserveCapacity(tokens.count)
        stems.reserveCapacity(tokens.count)
        for token in tokens {
            let stem = token.kind == .word ? Stemmer.stem(token.text) : ""
            let found = token.kind == .word ? lexicon.meaning(of: token.text, stem: stem) : nil
            meanings.append(found?.meaning)
            exact.append(found?.exact ?? false)
            stems.append(stem)
        }
        notMoney = NotMoney.classify(scalars, tokens, meanings: meanings, stems: stems, today: today)
        // `замовлення 48213377` names an order, `20 відсотків` a discount: neither is an income,
        // and any more specific word in the message names the category.
        for k in notMoney.indices where notMoney[k] == .other {
            if k > 0, NotMoneyWords.of(tokens[k - 1].text, stem: "").contains(.id) { meanings[k - 1] = .category(.other) }
            if k + 1 < tokens.count, NotMoneyWords.of(tokens[k + 1].text, stem: "").contains(.percent) {
                meanings[k + 1] = .category(.other)
            }
        }
        // After the amounts are classified: a name never changes what counts as money.
        accounts?.mark(tokens, stems: stems, meanings: &meanings)
        self.meanings = meanings
        self.exact = exact
        self.stems = stems
        self.today = today
        self.lexicon = lexicon
    }

    /// Letters or digits somewhere: emoji and punctuation alone are an empty message.
    var hasContent: Bool { tokens.contains { $0.kind == .word || $0.kind == .number } }

    var isPrivate: Bool { meanings.contains { $0 == .privateTag } }

    /// A pasted bank notice is one entry however many lines it has.
    var lines: [Range<Int>] {
        NotMoney.isBankNotice(tokens, notMoney) ? [0..<tokens.count] : split(0..<tokens.count, at: .lineBreak)
    }

    /// The entries of one line. Comma parts without an amount join the next part that has one
    /// (`молоко, хліб 60`), or the previous one at the end of the line (`кава 85, з собою`);
    /// later parts take the date and account of earlier ones (`вчора кава 85, таксі 120`).
    func drafts(in line: Range<Int>, defaults: inout Defaults, cost: inout ParseCost) -> [EntryDraft] {
        // A plain loop: lazy closures would each copy the whole message (a retain per array).
        var parts: [Range<Int>] = []
        var commaParts = split(line, at: .comma)
        for i in commaParts.indices.dropFirst().reversed() where startsWithMinorUnits(commaParts[i], after: commaParts[i - 1]) {
            commaParts[i - 1] = commaParts[i - 1].lowerBound..<commaParts[i].upperBound
            commaParts.remove(at: i)
        }
        for part in commaParts where part.contains(where: { tokens[$0].kind != .plus }) {
            let found = EntryBoundaries.parts(of: part, tokens, meanings: meanings, notMoney: notMoney, lexicon: lexicon)
            if parts.isEmpty { parts = found } else { parts += found }
        }
        var drafts: [EntryDraft] = []
        var pending: Int? = nil
        for part in parts {
            let draft = read(part, &cost)
            guard draft.amount != nil else {
                pending = pending ?? part.lowerBound
                continue
            }
            drafts.append(pending.map { read($0..<part.upperBound, &cost) } ?? draft)
            pending = nil
        }
        if let pending {
            if let last = drafts.popLast() {
                drafts.append(read(last.tokens.lowerBound..<line.upperBound, &cost))
            } else {
                let draft = read(pending..<line.upperBound, &cost)
                if draft.hasLeftovers(tokens) { return [draft] }
                defaults.date = draft.date ?? defaults.date
                defaults.account = draft.account ?? defaults.account
                return []
            }
        }
        for i in drafts.indices.dropFirst() {
            drafts[i].date = drafts[i].date ?? drafts[i - 1].date
            drafts[i].account = drafts[i].account ?? drafts[i - 1].account
        }
        return joiningAlternatives(drafts)
    }

    /// `267 гривень, сорок копійок`: a part that is only the kopiykas of the amount before it,
    /// said after a pause (voice) or a comma. Looks at two tokens before building anything.
    private func startsWithMinorUnits(_ part: Range<Int>, after previous: Range<Int>) -> Bool {
        func currency(_ k: Int) -> Bool { if case .currency? = meanings[k] { true } else { tokens[k].kind == .currencySymbol } }
        guard let last = previous.last, currency(last), let unit = part.first(where: { meanings[$0] == .minorUnit }),
              unit > part.lowerBound else { return false }
        return part[..<unit].allSatisfy { tokens[$0].kind == .number || lexicon.number(tokens[$0].text) != nil }
            && part[(unit + 1)...].allSatisfy { tokens[$0].kind != .word && tokens[$0].kind != .number }
    }

    /// `такси то ли 140, то ли 180`, `ліки чи то 320, чи то 370`: a part that opens with "or"
    /// offers another amount for the entry before it, which is then asked, not recorded twice.
    private func joiningAlternatives(_ drafts: [EntryDraft]) -> [EntryDraft] {
        guard drafts.count > 1 else { return drafts }
        var joined: [EntryDraft] = []
        for draft in drafts {
            guard let last = joined.last, let a = last.amount, let b = draft.amount, last.readings.isEmpty,
                  draft.readings.isEmpty, opensWithOr(draft) else {
                joined.append(draft)
                continue
            }
            var both = last
            both.tokens = last.tokens.lowerBound..<draft.tokens.upperBound
            both.consumed = TokenFlags(both.tokens)
            for i in both.tokens where last.consumed[i] || draft.consumed[i] { both.consumed[i] = true }
            both.readings = [.init(value: a.value, currency: a.currency), .init(value: b.value, currency: b.currency)]
            joined[joined.count - 1] = both
        }
        return joined
    }

    /// `то ли 180`, `чи 160`: the part opens with "or" and then its amount (`або чай 40` is
    /// another entry).
    private func opensWithOr(_ draft: EntryDraft) -> Bool {
        guard let amount = draft.amount else { return false }
        let opening = draft.tokens.lowerBound..<(amount.span.lowerBound - amount.prefix)
        return !opening.isEmpty && opening.count <= 2 && opening.allSatisfy { k in
            tokens[k].kind == .word && (AmbiguousAmounts.orWords.contains(WordKey(tokens[k].text)) || tokens[k].text == "то")
        } && opening.contains { AmbiguousAmounts.orWords.contains(WordKey(tokens[$0].text)) }
    }

    /// The tokens between the commas or line breaks around token `k`.
    func part(around k: Int) -> Range<Int> {
        var start = k, end = k + 1
        while start > 0, tokens[start - 1].kind != .comma, tokens[start - 1].kind != .lineBreak { start -= 1 }
        while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .lineBreak { end += 1 }
        return start..<end
    }

    func note(of draft: EntryDraft) -> String {
        let start = draft.tokens.lowerBound > 0 ? tokens[draft.tokens.lowerBound - 1].end : 0
        let end = draft.tokens.upperBound < tokens.count ? tokens[draft.tokens.upperBound].start : scalars.count
        return NoteText.cut(scalars, from: start, to: end, tokens: tokens, draft.tokens, consumed: draft.consumed)
    }

    private func read(_ range: Range<Int>, _ cost: inout ParseCost) -> EntryDraft {
        cost.draftTokens += range.count
        return EntryDraft(tokens, range, meanings: meanings, notMoney: notMoney, lexicon: lexicon, today: today)
    }

    private func split(_ range: Range<Int>, at kind: Token.Kind) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where tokens[i].kind == kind {
            if i > start { parts.append(start..<i) }
            start = i + 1
        }
        if range.upperBound > start { parts.append(start..<range.upperBound) }
        return parts
    }
}
