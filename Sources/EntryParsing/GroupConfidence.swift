import KopiykaCore

extension EntryParser {
    /// Whether every entry of `text` carries, beside its amount, a word only an entry has: a
    /// category or merchant, a currency, an account; and a single plausible amount. A family group with privacy mode off
    /// shows the bot all its chatter (`Буду вдома о 18`, `купи 2 хліба`): there, a number alone
    /// is not an entry. Costs one more read of the message, and only groups pay it.
    public func readsAsEntry(_ text: String, today: LocalDate) -> Bool {
        let message = Message(text, today: today, lexicon: Lexicon.shared)
        guard MessageIntent.of(message.scalars, message.tokens) == nil else { return false }
        var defaults = Message.Defaults()
        var cost = ParseCost()
        var found = false
        for line in message.lines {
            for draft in message.drafts(in: line, defaults: &defaults, cost: &cost) {
                guard let amount = draft.amount else { continue }
                guard draft.readings.isEmpty else { return false }
                found = true
                let (kind, category) = Categorizer(lexicon: message.lexicon).choose(
                    message.tokens, draft.tokens, consumed: draft.consumed, meanings: message.meanings,
                    exact: message.exact, stems: message.stems, plus: draft.plus || amount.plus, cost: &cost)
                let named = category != (kind == .income ? .otherIncome : .other) || draft.tokens.contains { i in
                    if case .category? = message.meanings[i] { return true }
                    return false
                }
                guard named || amount.currency != nil || draft.currency != nil || draft.account != nil else { return false }
            }
        }
        return found
    }
}
