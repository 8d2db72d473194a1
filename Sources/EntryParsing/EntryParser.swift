import KopiykaCore

/// Turns a chat message into entries: `кава 85 грн картка`, `+30000 зарплата`,
/// `вчора таксі 120, кава 85`. Pure: the caller passes `today`; the word tables are built
/// once per process, on first use (a few milliseconds).
public struct EntryParser: Sendable {
    public let baseCurrency: Currency

    /// Anything above a billion major units is a typo or a joke, never a family's expense.
    static let maximumMajorUnits: Int64 = 1_000_000_000

    /// The first day an entry may have: older records are not a family's budget.
    static let firstDate = LocalDate(year: 2000, month: 1, day: 1)!  // A constant, valid date.

    /// From 2000 to a year after today (a planned payment); anything else is a typo
    /// (`01.01.0001`, `12.11.99`) that would otherwise sit in a report no one opens.
    static func acceptedDates(today: LocalDate) -> ClosedRange<LocalDate> {
        let year = today.year + 1
        let last = LocalDate(year: year, month: today.month,
                             day: min(today.day, LocalDate.daysIn(month: today.month, year: year))) ?? today
        return firstDate...max(firstDate, last)
    }

    public init(baseCurrency: Currency = .uah) {
        self.baseCurrency = baseCurrency
    }

    /// Parses one chat message, which may hold several entries (one per line or `;`, or per
    /// `, ` when each side has its own amount). All or nothing: one line without an amount
    /// fails the whole message, so nothing is half-stored.
    /// `accounts`: the member's own account names, found in any word form.
    public func parse(_ text: String, today: LocalDate, rules: (any CategoryRules)? = nil,
                      accounts: AccountNames? = nil) -> Result<[ParsedEntry], ParseFailure> {
        var cost = ParseCost()
        return parse(text, today: today, rules: rules, accounts: accounts, cost: &cost)
    }

    func parse(_ text: String, today: LocalDate, rules: (any CategoryRules)?, accounts: AccountNames? = nil,
               cost: inout ParseCost) -> Result<[ParsedEntry], ParseFailure> {
        if let split = splitPurchase(text, today: today, rules: rules, accounts: accounts, cost: &cost) { return split }
        if let lines = linesWithASplit(text, today: today, rules: rules, accounts: accounts, cost: &cost) { return lines }
        let message = Message(text, today: today, lexicon: Lexicon.shared, accounts: accounts)
        guard message.hasContent else { return .failure(.empty) }
        var entries: [ParsedEntry] = []
        var defaults = Message.Defaults()
        let dates = EntryParser.acceptedDates(today: today)
        let cues = MessageCues(message.scalars, message.tokens)
        // Each correction shortens the text, so this ends.
        if cues.mayCorrect, let corrected = SelfCorrection.corrected(message) {
            return parse(corrected, today: today, rules: rules, accounts: accounts, cost: &cost)
        }
        var refused: MessageIntent? = nil
        for line in message.lines {
            for draft in message.drafts(in: line, defaults: &defaults, cost: &cost) {
                // `купи 3 батони`, `кава 50, на карті лишилось 300`: the part with a request, a
                // question, a plan or a state records nothing; the rest of the message does.
                if let amount = draft.amount, let intent = cues.intent(of: message.part(around: amount.span.lowerBound), in: message.tokens, meanings: message.meanings) {
                    refused = refused ?? intent
                    continue
                }
                switch entry(from: draft, in: message, defaults: defaults, dates: dates, rules: rules, received: cues.mayBeReceived,
                             cost: &cost) {
                case .success(let entry?): entries.append(entry)
                case .success(nil): continue
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        guard !entries.isEmpty else { return .failure(refused?.failure ?? .noAmount) }
        if message.isPrivate {
            for i in entries.indices { entries[i].isPrivate = true }
        }
        return .success(entries)
    }

    /// `Сільпо 1200: продукти 900, дім 300`: the parts end with their line, so an entry on the
    /// next line is never taken for one of them. Nil when the text is no split purchase.
    private func splitPurchase(_ text: String, today: LocalDate, rules: (any CategoryRules)?, accounts: AccountNames?,
                               cost: inout ParseCost) -> Result<[ParsedEntry], ParseFailure>? {
        guard let (head, tail) = SplitPurchase.halves(text), !tail.contains(where: SplitPurchase.endsLine),
              case .success(let whole) = parse(String(head), today: today, rules: rules, accounts: accounts, cost: &cost),
              whole.count == 1,
              case .success(let pieces) = parse(String(tail), today: today, rules: rules, accounts: accounts, cost: &cost)
        else { return nil }
        return SplitPurchase.parts(of: whole[0], pieces)
    }

    /// A message of several lines, one of them a split purchase: each line read on its own, so
    /// the purchase counts as its parts and the other lines as themselves. Nil (read as one
    /// message) unless every line reads alone and one of them is a split.
    private func linesWithASplit(_ text: String, today: LocalDate, rules: (any CategoryRules)?, accounts: AccountNames?,
                                 cost: inout ParseCost) -> Result<[ParsedEntry], ParseFailure>? {
        guard SplitPurchase.hasColon(text), text.contains(where: SplitPurchase.endsLine) else { return nil }
        var entries: [ParsedEntry] = [], split = false
        for line in text.split(whereSeparator: SplitPurchase.endsLine) where !line.allSatisfy(\.isWhitespace) {
            if let parts = splitPurchase(String(line), today: today, rules: rules, accounts: accounts, cost: &cost) {
                guard case .success(let found) = parts else { return parts }
                entries += found
                split = true
            } else if case .success(let found) = parse(String(line), today: today, rules: rules, accounts: accounts, cost: &cost) {
                entries += found
            } else {
                return nil
            }
        }
        return split ? .success(entries) : nil
    }

    /// A purchase known already (`whole`, a bank's row) divided by a member's words
    /// (`продукти 900, дім 300`): its parts, and what they leave under the purchase's own
    /// category. Nil when the words hold no parts of its kind and currency; a failure when they
    /// add up to more than it.
    public func split(_ whole: ParsedEntry, into text: String, today: LocalDate,
                      rules: (any CategoryRules)? = nil) -> Result<[ParsedEntry], ParseFailure>? {
        var cost = ParseCost()
        guard case .success(let pieces) = parse(text, today: today, rules: rules, accounts: nil, cost: &cost) else { return nil }
        return SplitPurchase.parts(of: whole, pieces)
    }

    /// A category named by a person in any language or grammatical form (`кафе`, `cafe`,
    /// `продуктів`, `таксі`), for commands like `/budget кафе 3000`. nil when unknown.
    public func category(named text: String) -> CategoryKey? {
        let tokens = Tokenizer.tokens(Array(text.unicodeScalars)).filter { $0.kind == .word }
        guard !tokens.isEmpty else { return nil }
        let key = tokens.map(\.text).joined(separator: "_")
        if let known = CategoryKey.builtIn.first(where: { $0.rawValue == key }) {
            return known
        }
        let lexicon = Lexicon.shared
        let range = 0..<tokens.count
        let stems = tokens.map { Stemmer.stem($0.text) }
        let found = tokens.indices.map { lexicon.meaning(of: tokens[$0].text, stem: stems[$0]) }
        let meanings = found.map { $0?.meaning }
        let exact = found.map { $0?.exact ?? false }
        let consumed = TokenFlags(range)
        var cost = ParseCost()
        let (kind, category) = Categorizer(lexicon: lexicon)
            .choose(tokens, range, consumed: consumed, meanings: meanings, exact: exact, stems: stems, plus: false, cost: &cost)
        return category == (kind == .income ? .otherIncome : .other) && !mentionsOther(tokens) ? nil : category
    }

    private func mentionsOther(_ tokens: [Token]) -> Bool {
        tokens.contains { ["інше", "інші", "другое", "прочее", "other", "misc"].contains($0.text) }
    }

    /// `оплатила`, `купив`, `paid`: one person paid, and it was not money that came to the writer
    /// (`ReceivedMoney` said so first). A plural (`заплатили зарплату`) may be an employer paying,
    /// and a name before the verb (`Peter paid back 1000`) someone paying the writer.
    private func onePersonPaid(_ draft: EntryDraft, _ message: Message) -> Bool {
        draft.tokens.contains { k in
            let token = message.tokens[k]
            guard token.kind == .word, EntryParser.spendingVerbs.contains(WordKey(token.text)), !token.text.hasSuffix("ли") else { return false }
            return !ReceivedMoney.isName(k - 1, message.tokens, message.scalars, draft.tokens)
        }
    }

    /// `received`: a word of the message may tell money that came to the writer.
    private func entry(from draft: EntryDraft, in message: Message, defaults: Message.Defaults, dates: ClosedRange<LocalDate>,
                       rules: (any CategoryRules)?, received: Bool, cost: inout ParseCost) -> Result<ParsedEntry?, ParseFailure> {
        guard let amount = draft.amount else {
            return draft.hasLeftovers(message.tokens) ? .failure(.noAmount) : .success(nil)
        }
        guard !amount.unknownCurrency else { return .failure(.unknownCurrency) }
        let currency = amount.currency ?? draft.currency ?? baseCurrency
        let (limit, limitOverflow) = EntryParser.maximumMajorUnits.multipliedReportingOverflow(by: currency.minorUnitsPerMajor)
        guard !amount.tooLarge, let minor = amount.value.minorUnits(minorDigits: currency.minorUnitDigits),
              limitOverflow || minor <= limit
        else { return .failure(.amountTooLarge) }
        guard minor > 0 else { return .failure(.zeroAmount) }
        let readings = draft.readings.compactMap { reading -> Money? in
            let own = reading.currency ?? currency
            let (limit, limitOverflow) = EntryParser.maximumMajorUnits.multipliedReportingOverflow(by: own.minorUnitsPerMajor)
            guard let minor = reading.value.minorUnits(minorDigits: own.minorUnitDigits), minor > 0,
                  limitOverflow || minor <= limit else { return nil }
            return Money(minorUnits: minor, currency: own)
        }
        guard !draft.namesNoSuchDate else { return .failure(.noSuchDate) }
        let date = draft.date ?? defaults.date ?? message.today
        guard dates.contains(date) else { return .failure(.dateOutOfRange) }
        let note = message.note(of: draft)
        let plus = draft.plus || amount.plus || (received && ReceivedMoney.isReceived(message.scalars, message.tokens, draft.tokens, meanings: message.meanings))
        var (kind, category) = Categorizer(lexicon: message.lexicon).choose(
            message.tokens, draft.tokens, consumed: draft.consumed, meanings: message.meanings,
            exact: message.exact, stems: message.stems, plus: plus, paid: !plus && onePersonPaid(draft, message), cost: &cost)
        if let rules, let ruled = rules.category(forStems: categoryStems(of: note)), !(plus && ruled.kind == .expense) {
            category = ruled
            kind = plus ? .income : ruled.kind
        }
        var entry = ParsedEntry(
            kind: kind, amount: Money(minorUnits: minor, currency: currency), category: category,
            account: draft.account ?? defaults.account, date: date,
            note: note, isPrivate: draft.isPrivate, expression: amount.expression)
        entry.readings = readings.count >= 2 ? readings : []
        return .success(entry)
    }
}
