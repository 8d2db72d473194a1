import KopiykaCore

/// One entry's part of a message once its amount, date, account and currency words are found
/// (and marked consumed); what is left is the note and the category's evidence.
struct EntryDraft {
    var tokens: Range<Int>
    var amount: AmountCandidate?
    /// Two or more numbers that could each be the amount, in message order (`обід 250 300`);
    /// empty when one is plainly it. See `AmbiguousAmounts`.
    var readings: [AmbiguousAmounts.Reading] = []
    var date: LocalDate?
    /// A date that names no day (`31.11.2026`): the message is refused, not dated today.
    var namesNoSuchDate = false
    var account: AccountKey?
    var currency: Currency?
    var plus = false
    var isPrivate = false
    var consumed: TokenFlags

    /// Whether anything but amount, date, account and tag words is left.
    func hasLeftovers(_ all: [Token]) -> Bool {
        tokens.contains { !consumed[$0] && (all[$0].kind == .word || all[$0].kind == .number) }
    }

    init(_ all: [Token], _ range: Range<Int>, meanings: [Meaning?], notMoney: [NotMoney?], lexicon: Lexicon, today: LocalDate) {
        tokens = range
        consumed = TokenFlags(range)
        var notAmount = TokenFlags(range)
        for i in range {
            if meanings[i] == .privateTag { isPrivate = true; consumed[i] = true }
            if all[i].kind == .number, all[i].shape == .noSuchDate { namesNoSuchDate = true; consumed[i] = true }
            switch notMoney.isEmpty ? nil : notMoney[i] {
            case .date(let found)?:
                date = date ?? found
                consumed[i] = true
            case .cut?: consumed[i] = true
            case .other?: notAmount[i] = true
            case nil: break
            }
        }
        let said = DateReader.read(all, range, meanings: meanings, consumed: &consumed, today: today, lexicon: lexicon)
        date = date ?? said
        chooseAmount(all, meanings: meanings, notAmount: notAmount, lexicon: lexicon, today: today)
        for i in range where !consumed[i] {
            switch meanings[i] {
            case .account(let key)?:
                // A bank names the account better than a card word, in either order (`карткою моно`).
                if account == nil || (account == .card && key != .cash) { account = key }
                consumed[i] = true
                if i > range.lowerBound, !consumed[i - 1], meanings[i - 1] == .preposition { consumed[i - 1] = true }
            case .currency(let code)?:
                currency = currency ?? code
                consumed[i] = true
            default:
                if all[i].kind == .currencySymbol {
                    currency = currency ?? AmountCandidate.currency(all[i], nil)
                    consumed[i] = true
                }
            }
        }
        if let first = range.first(where: { !consumed[$0] }), all[first].kind == .plus {
            plus = true
            consumed[first] = true
        }
    }

    /// Digits beat spoken numbers (`один` in a note is not the price); among them a number
    /// with a currency, multiplier or `+` beats a bare one, then the larger wins (`2 кави 170`).
    /// A bare `dd.mm` is the date when another amount is present (`кава 85 12.11`).
    private mutating func chooseAmount(_ all: [Token], meanings: [Meaning?], notAmount: TokenFlags, lexicon: Lexicon, today: LocalDate) {
        var free = consumed
        for i in tokens where notAmount[i] { free[i] = true }
        var candidates = AmountCandidate.all(in: all, tokens, meanings: meanings, consumed: free, lexicon: lexicon)
        // `пʼять кілограм`, `семьдесят два года`: a spoken number with its unit is a quantity,
        // never the price; it may still count what the price is for (`пʼять кілограм по 22`).
        let quantities = candidates.filter { EntryDraft.isQuantity($0, all, in: tokens) }
        candidates.removeAll { EntryDraft.isQuantity($0, all, in: tokens) }
        if date == nil, candidates.contains(where: { $0.dayMonth == nil }),
           let index = candidates.firstIndex(where: { $0.dayMonth != nil }),
           let dayMonth = candidates[index].dayMonth,
           let found = DateReader.resolve(day: dayMonth.day, month: dayMonth.month, today: today) {
            date = found
            for i in candidates[index].span { consumed[i] = true }
            candidates.remove(at: index)
        }
        let hasDigits = candidates.contains { !$0.spoken }
        guard let best = candidates.lazy.filter({ !hasDigits || !$0.spoken })
            .max(by: { EntryDraft.rank($0, all) < EntryDraft.rank($1, all) }) else { return }
        amount = best
        let (values, covered) = AmbiguousAmounts.readings(candidates, all)
        readings = values
        // `prefix` counts only free tokens of this range before the span (`+`, `$`).
        for candidate in covered.isEmpty ? [best] : covered {
            for i in (candidate.span.lowerBound - candidate.prefix)..<candidate.span.upperBound { consumed[i] = true }
        }
        let spoken = (candidates + quantities).filter { $0.spoken && !consumed[$0.span.lowerBound] }
        if let count = EntryDraft.count(before: best, all, in: tokens, consumed: consumed, spoken: spoken),
           readings.isEmpty || covered.allSatisfy({ $0.span == best.span }),
           let total = best.value.multiplied(by: count.value) {
            amount?.value = total
            amount?.marked = true
            let price = best.spoken ? best.value.whole.map(String.init) : all[best.span.lowerBound].text
            amount?.expression = price.map { "\(count.value)×\($0)" }
            readings = []
            for k in count.span { consumed[k] = true }
            consumed[count.word] = true
        }
    }

    /// A spoken number right before a unit word (`кілограм`, `года`), not `дві штуки` (2,000)
    /// unless a price for each follows (`шість штук по 20`).
    private static func isQuantity(_ candidate: AmountCandidate, _ all: [Token], in range: Range<Int>) -> Bool {
        let next = candidate.span.upperBound
        guard candidate.spoken, candidate.currency == nil, range.contains(next), all[next].kind == .word else { return false }
        if all[next].text.utf8.elementsEqual("по".utf8) { return all[next - 1].text.utf8.starts(with: "штук".utf8) }
        return !all[next].text.utf8.starts(with: "штук".utf8)
            && NotMoneyWords.of(all[next].text, stem: Stemmer.stem(all[next].text)).contains(.unit)
    }

    /// `квитки 2 по 350`, `3 кг помідорів по 45`, `2 t-shirts at 79 zł each`: a whole count
    /// under 100 at most four tokens before `по`/`at` and the price right after it; the entry
    /// is the count times the price. Not a day (`на 3 грудня по 350`, `з 9 по 18`), and not
    /// one person's share (`нас 5 по 200`, `3 по 250, я платила свою`).
    /// `spoken`: the spoken numbers of the range (`пʼять кілограм по двадцять дві`).
    private static func count(before price: AmountCandidate, _ all: [Token], in range: Range<Int>, consumed: TokenFlags,
                              spoken: [AmountCandidate]) -> (value: Int64, span: Range<Int>, word: Int)? {
        let word = price.span.lowerBound - price.prefix - 1
        guard !price.tooLarge, word > range.lowerBound, all[word].kind == .word,
              all[word].text.utf8.elementsEqual("по".utf8) || all[word].text.utf8.elementsEqual("at".utf8),
              !range.contains(where: { all[$0].kind == .word && shares.contains(WordKey(all[$0].text)) }) else { return nil }
        for k in stride(from: word - 1, through: max(range.lowerBound, word - 4), by: -1) {
            let found: (value: DecimalValue, span: Range<Int>)
            if all[k].kind == .number {
                guard case .value(let value, nil)? = all[k].shape else { return nil }
                found = (value, k..<(k + 1))
            } else if let said = spoken.first(where: { $0.span.upperBound == k + 1 && !$0.tooLarge }) {
                // `десять штук по 15` counts pieces; `дві штуки` alone is slang for 2,000.
                let pieces = all[k].text.utf8.starts(with: "штук".utf8)
                found = (pieces ? DecimalValue(digits: said.value.digits, scale: said.value.scale + 3) : said.value, said.span)
            } else {
                continue
            }
            let first = found.span.lowerBound
            guard !consumed[k], let count = found.value.whole, (1...99).contains(count),
                  first == range.lowerBound || !beforeADay.contains(WordKey(all[first - 1].text)) else { return nil }
            return (count, found.span, word)
        }
        return nil
    }

    private static let beforeADay: Set<WordKey> = Set(["на", "з", "із", "с", "від", "от", "до", "from", "on"].map(WordKey.init))
    private static let shares: Set<WordKey> = Set([
        "нас", "скинулись", "скинулися", "скидалися", "скидались", "свою", "своє", "гостя", "кожного", "кожен", "каждого",
        "каждый", "человека", "людину", "особу", "us", "share",
    ].map(WordKey.init))

    private static func rank(_ c: AmountCandidate, _ all: [Token]) -> (Int, Int, Int, Int64) {
        (c.tooLarge ? 1 : 0, AmbiguousAmounts.isName(c, all) ? 0 : 1, c.marked ? 1 : 0, c.value.minorUnits(minorDigits: 4) ?? .max)
    }
}
