import KopiykaCore

extension EntryParser {
    /// A purchase or a payment told in the past (`купив торт 680`, `здала 1000 на стіл`): only
    /// an entry says so.
    static let spendingVerbs: Set<WordKey> = Set(MessageCues.spendingVerbs.split(whereSeparator: \.isWhitespace).map { WordKey(String($0)) })

    /// Whether every entry of `text` carries, beside its amount, a word only an entry has: a
    /// category or merchant, a currency, an account, a purchase or payment in the past tense;
    /// and a single plausible amount; parts that are a request, question, plan or state are left out.
    /// A family group with privacy mode off shows the bot all its chatter (`Буду вдома о 18`,
    /// `купи 2 хліба`): there, a number alone is not an entry. Costs one more read of the
    /// message, and only groups pay it.
    public func readsAsEntry(_ text: String, today: LocalDate) -> Bool {
        let message = Message(text, today: today, lexicon: Lexicon.shared)
        let cues = MessageCues(message.scalars, message.tokens)
        var defaults = Message.Defaults()
        var cost = ParseCost()
        var found = false
        for line in message.lines {
            for draft in message.drafts(in: line, defaults: &defaults, cost: &cost) {
                guard let amount = draft.amount else { continue }
                // `заплатив 12 000, з наступного місяця буде 13 000`: the plan is no entry, the rest is.
                guard cues.intent(of: message.part(around: amount.span.lowerBound), in: message.tokens, meanings: message.meanings) == nil else { continue }
                guard draft.readings.isEmpty else { return false }
                found = true
                let (kind, category) = Categorizer(lexicon: message.lexicon).choose(
                    message.tokens, draft.tokens, consumed: draft.consumed, meanings: message.meanings,
                    exact: message.exact, stems: message.stems, plus: draft.plus || amount.plus, cost: &cost)
                let named = category != (kind == .income ? .otherIncome : .other) || draft.tokens.contains { i in
                    if case .category? = message.meanings[i] { return true }
                    return false
                }
                let spent = draft.tokens.contains { message.tokens[$0].kind == .word && Self.spendingVerbs.contains(WordKey(message.tokens[$0].text)) }
                guard named || spent || amount.currency != nil || draft.currency != nil || draft.account != nil else { return false }
            }
        }
        return found
    }
}
