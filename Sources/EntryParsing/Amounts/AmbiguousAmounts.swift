import KopiykaCore

/// When one entry holds two numbers that could each be its price and nothing tells them apart
/// (`обід 250 300`, `кава 85 120`), the parser does not guess: it offers every reading, and a
/// private chat asks which one is meant.
///
/// A number with a currency, a multiplier or a `+` decides; so does a count, a whole number
/// under ten (`2 кави 170`); numbers that are not money never get here (`NotMoney`). `2к50`
/// is one number written two ways (2,500 or 2,050; see `ScaleRest`): both are offered. Two
/// numbers in different currencies (`квиток 50 EUR 2200 грн`) are both offered, each in its
/// own: a price and its equivalent, and only the writer knows which one was paid. A space
/// between digit groups is read as thousands (`12 500`, `1 234`) unless the groups look like
/// two prices (`85 120`, `250 300`): then the two numbers and the grouped one are all offered.
enum AmbiguousAmounts {
    /// One amount the writer may have meant; a nil `currency` is the entry's.
    struct Reading: Equatable {
        var value: DecimalValue
        var currency: Currency? = nil
    }

    /// The readings to ask about, in message order (empty when one plainly wins), and the
    /// candidates they cover.
    static func readings(_ candidates: [AmountCandidate], _ tokens: [Token]) -> (values: [Reading], covered: [AmountCandidate]) {
        // Nearly every entry has one number without a space in it: nothing to ask, nothing to build.
        if candidates.count == 1, let only = candidates.first, only.otherValue == nil,
           only.span.count != 1 || !tokens[only.span.lowerBound].text.utf8.contains(0x20) {
            return ([], [])
        }
        if let (a, b) = alternatives(candidates, tokens) {
            return ([Reading(value: a.value, currency: a.currency), Reading(value: b.value, currency: b.currency)], [a, b])
        }
        // `2к50`: 2,500 or 2,050.
        if let split = candidates.first(where: { $0.otherValue != nil }), let other = split.otherValue, !split.tooLarge {
            return ([Reading(value: split.value, currency: split.currency), Reading(value: other, currency: split.currency)], [split])
        }
        let priced = candidates.filter { $0.currency != nil && !$0.tooLarge && !isName($0, tokens) }
        if let first = priced.first?.currency, priced.contains(where: { $0.currency != first }) {
            return (priced.map { Reading(value: $0.value, currency: $0.currency) }, priced)
        }
        let digits = candidates.filter { !$0.spoken && !$0.tooLarge && !isName($0, tokens) }
        // Whole numbers only: `кава 85 45.11` is a slip of a date or of a price, not a choice.
        guard !digits.isEmpty, digits.count <= 4,
              digits.allSatisfy({ !$0.marked && $0.dayMonth == nil && $0.value.scale == 0 }) else { return ([], []) }
        if digits.count == 1, let only = digits.first, let (a, b) = twoPrices(only, tokens) {
            return ([Reading(value: a), Reading(value: b), Reading(value: only.value)], [only])
        }
        let counts = digits.filter(isCount)
        let prices = digits.filter { !isCount($0) }
        return prices.count >= 2 && counts.count <= 1 ? (prices.map { Reading(value: $0.value) }, prices) : ([], [])
    }

    /// `таксі 140 чи 160`, `обід 300 або 350`, `то ли 140, то ли 180`, `46 zł or 64`: two
    /// amounts the writer offers as alternatives. Only the writer knows which was paid.
    private static func alternatives(_ candidates: [AmountCandidate], _ tokens: [Token]) -> (AmountCandidate, AmountCandidate)? {
        guard candidates.count >= 2 else { return nil }
        for (a, b) in zip(candidates, candidates.dropFirst()) where !a.tooLarge && !b.tooLarge && a.span.upperBound <= b.span.lowerBound {
            // `2 або 3 кг помідорів 120`, `1 or 2 beers 15 €`: two counts beside a price.
            if isCount(a), isCount(b), candidates.count > 2 { continue }
            // Nothing but the "or" between them: `кава 50 або чай 40` is two entries.
            let between = tokens[a.span.upperBound..<b.span.lowerBound]
            guard !between.isEmpty, between.count <= 3,
                  between.allSatisfy({ $0.kind == .word && (orWords.contains(WordKey($0.text)) || $0.text == "то") }) else { continue }
            return (a, b)
        }
        return nil
    }

    static let orWords: Set<WordKey> = Set(["чи", "або", "или", "либо", "ли", "or", "either"].map(WordKey.init))

    /// `United24`, `А-95`: the digits of a name decide nothing.
    static func isName(_ c: AmountCandidate, _ tokens: [Token]) -> Bool {
        tokens.indices.contains(c.span.lowerBound) && tokens[c.span.lowerBound].named
    }

    /// `2 кави`, `3 pizzas`: a whole number under ten.
    private static func isCount(_ c: AmountCandidate) -> Bool {
        c.value.digits < 10
    }

    /// `85 120` or `250 300` as one token: two prices rather than thousands. `12 500`,
    /// `250 000` and `1 234` stay thousands.
    private static func twoPrices(_ c: AmountCandidate, _ tokens: [Token]) -> (DecimalValue, DecimalValue)? {
        guard c.span.count == 1, let token = tokens.indices.contains(c.span.lowerBound) ? tokens[c.span.lowerBound] : nil
        else { return nil }
        let groups = token.text.split(separator: " ")
        guard groups.count == 2, let first = groups.first, let last = groups.last,
              let a = Int64(first), let b = Int64(last), a >= 10 else { return nil }
        let thousands = a < 100 ? last.hasSuffix("00") : last == "000"
        return thousands ? nil : (DecimalValue(digits: a, scale: 0), DecimalValue(digits: b, scale: 0))
    }
}
