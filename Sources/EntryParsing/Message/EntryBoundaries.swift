import KopiykaCore

/// Where one comma part holds several entries that people write without commas:
/// `таксі 150 і обід 320`, `coffee 60 and cake 90`, `бургер 129 + фрі 59`, `молоко 42 хліб 28 сир 160`.
///
/// Conservative by design: a boundary needs a digit amount on both sides, and a list without
/// conjunctions needs a category word in every item, so `2 кави 170`, `кава 85 12.11`,
/// `Rozetka замовлення 48213377 2500` and `бензин 30 л 1650` stay one entry. Numbers that are
/// not money (`NotMoney`: `2 кг`, `13:30`, a phone) count as words here. Costs one pass over the
/// part when it holds fewer than two such amounts (nearly every message).
enum EntryBoundaries {
    static let conjunctions: Set<String> = ["і", "й", "та", "и", "and"]

    static func parts(of part: Range<Int>, _ tokens: [Token], meanings: [Meaning?], notMoney: [NotMoney?],
                      lexicon: Lexicon) -> [Range<Int>] {
        let money = AmountTokens(tokens: tokens, notMoney: notMoney)
        var numbers = 0
        for i in part where money[i] { numbers += 1 }
        guard numbers >= 2 else { return [part] }
        return byConjunction(part, money, meanings: meanings).flatMap { asList($0, money, meanings: meanings, lexicon: lexicon) }
    }

    /// Whether a token is a number that may be an amount.
    private struct AmountTokens {
        let tokens: [Token]
        let notMoney: [NotMoney?]
        subscript(i: Int) -> Bool { tokens[i].kind == .number && (notMoney.isEmpty || notMoney[i] == nil) }
    }

    /// `кава 70 та круасан 55`: split at a conjunction with an amount before it and a word (or a
    /// count, or a quantity: `і 2 кави 170`, `і 3 л молока 120`), then an amount, after it; or
    /// between two items that each end with a word (`150 собі і 150 мамі`).
    private static func byConjunction(_ part: Range<Int>, _ money: AmountTokens, meanings: [Meaning?]) -> [Range<Int>] {
        let tokens = money.tokens
        var result: [Range<Int>] = []
        var start = part.lowerBound
        // `бургер 129 + фрі 59`: a spaced `+` before a word joins two items like `і` when the first
        // names a purchase (`120 + 35`, between numbers, is one sum; `+30000` a signed income).
        for k in part where (tokens[k].kind == .word && conjunctions.contains(tokens[k].text))
            || (tokens[k].kind == .plus && part.contains(k + 1) && tokens[k + 1].kind == .word && !tokens[k + 1].glued
                && (start..<k).contains(where: { namesPurchase(tokens[$0], meanings[$0]) })) {
            let after = (k + 1)..<part.upperBound
            guard (start..<k).contains(where: { money[$0] }), let first = after.first else { continue }
            let itemFirst = tokens[first].kind == .word || (tokens[first].kind == .number && (!money[first] || isCount(tokens, first, part)))
            // `150 собі і 150 мамі`: an amount, then whom or what it was for.
            func plainWord(_ k: Int) -> Bool {
                guard part.contains(k), tokens[k].kind == .word else { return false }
                switch meanings[k] {
                case .currency?, .minorUnit?: return false
                default: return true
                }
            }
            let amountFirst = money[first] && !isCount(tokens, first, part) && plainWord(first + 1) && plainWord(k - 1)
            guard amountFirst || (itemFirst && after.dropFirst().contains(where: { money[$0] })) else { continue }
            result.append(start..<k)
            start = k + 1
        }
        result.append(start..<part.upperBound)
        return result
    }

    /// A category or merchant word, or a currency: what makes an item a purchase.
    private static func namesPurchase(_ token: Token, _ meaning: Meaning?) -> Bool {
        switch meaning {
        case .category(let category)?: category.kind == .expense
        case .currency?: true
        default: token.kind == .currencySymbol
        }
    }

    /// `2 кави`: a whole number under ten with a word after it.
    private static func isCount(_ tokens: [Token], _ i: Int, _ part: Range<Int>) -> Bool {
        guard case .value(let value, nil)? = tokens[i].shape, value.scale == 0, value.digits < 10 else { return false }
        return part.contains(i + 1) && tokens[i + 1].kind == .word
    }

    /// `молоко 42 хліб 28 сир 160`: items of words then one plain number, each naming a category.
    private static func asList(_ part: Range<Int>, _ money: AmountTokens, meanings: [Meaning?], lexicon: Lexicon) -> [Range<Int>] {
        let tokens = money.tokens
        guard let first = part.first, tokens[first].kind == .word || !money[first] else { return [part] }
        var numbers: [Int] = []
        for i in part where money[i] {
            guard case .value(_, nil)? = tokens[i].shape else { return [part] }
            numbers.append(i)
        }
        guard numbers.count >= 2 else { return [part] }
        var starts = [first]
        for (previous, next) in zip(numbers, numbers.dropFirst()) {
            // The next item starts at its first word that is not a currency, account or scale, or at
            // a quantity (`хліб 28 2 кг груш 120`).
            guard let start = ((previous + 1)..<next).first(where: {
                isItemWord(tokens[$0], meanings[$0], lexicon) || (tokens[$0].kind == .number && !money[$0])
            })
            else { return [part] }
            starts.append(start)
        }
        let ends = starts.dropFirst().map { $0 } + [part.upperBound]
        let items = zip(starts, ends).map { $0..<$1 }
        for (item, number) in zip(items, numbers) {
            guard (item.lowerBound..<number).contains(where: { if case .category? = meanings[$0] { true } else { false } })
            else { return [part] }
        }
        return items
    }

    private static func isItemWord(_ token: Token, _ meaning: Meaning?, _ lexicon: Lexicon) -> Bool {
        guard token.kind == .word, lexicon.number(token.text) == nil else { return false }
        switch meaning {
        case nil, .category?: return true
        default: return false
        }
    }
}
