import KopiykaCore

/// A number in a message with the words glued to it: `₴85`, `1.5к`, `85 гривень 50 копійок`.
struct AmountCandidate: Sendable {
    var value: DecimalValue
    var tooLarge = false
    var currency: Currency?
    /// Had a currency, a multiplier or a `+`: surely money, not a count or a day.
    var marked = false
    var plus = false
    var spoken = false
    /// `85 XYZ`: a capitalized code that is no currency; the entry is refused, not hryvnias.
    var unknownCurrency = false
    /// `2×45` when the amount was computed from what was written.
    var expression: String?
    /// `2к50`: the other value the writing allows (2,050 beside 2,500); the writer is asked.
    var otherValue: DecimalValue?
    /// `12.11` with nothing glued to it: a date when the message has another amount.
    var dayMonth: NumberShape.DayMonth?
    /// Token indices it covers.
    var span: Range<Int>
    /// Tokens before `span` it also uses (`+`, `$`).
    var prefix: Int = 0

    /// Between a currency and its minor units: `97 zloty and 50 groszy`.
    static let and: Set<WordKey> = Set(["і", "й", "та", "и", "and"].map(WordKey.init))

    /// Finds every amount in `tokens[range]`, skipping consumed tokens.
    static func all(in tokens: [Token], _ range: Range<Int>, meanings: [Meaning?], consumed: TokenFlags,
                    lexicon: Lexicon) -> [AmountCandidate] {
        var found: [AmountCandidate] = []
        var i = range.lowerBound
        // The end of the last candidate: a currency before it is its suffix (`50 EUR 2200 грн`), not the next one's prefix.
        var taken = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard !consumed[i] else { continue }
            var candidate: AmountCandidate
            if tokens[i].kind == .number,
               let computed = Arithmetic.read(tokens, from: i, to: range.upperBound, consumed: consumed) {
                candidate = AmountCandidate(value: computed.value ?? DecimalValue(digits: 0, scale: 0),
                                            tooLarge: computed.value == nil, span: i..<computed.next)
                // A product or a sum is surely money; a lone `12/11` may be a date or `24/7`.
                candidate.marked = computed.text.contains("×") || computed.text.contains("+")
                candidate.expression = computed.text
            } else if tokens[i].kind == .number, let (low, high, scale) = scaledRange(tokens, at: i, range, consumed: consumed, lexicon: lexicon) {
                // `2-3 тисячі`: either end may be what was paid; the writer is asked.
                candidate = AmountCandidate(value: high, span: (i + 1)..<(i + 2))
                candidate.extend(tokens, range, meanings: meanings, consumed: consumed, lexicon: lexicon, taken: taken)
                candidate.otherValue = candidate.value
                if let value = low.multiplied(by: scale) { candidate.value = value } else { candidate.tooLarge = true }
                candidate.span = i..<candidate.span.upperBound
                found.append(candidate)
                taken = candidate.span.upperBound
                i = candidate.span.upperBound - 1
                continue
            } else if tokens[i].kind == .number {
                switch tokens[i].shape {
                case .value(let value, let dayMonth)?:
                    candidate = AmountCandidate(value: value, dayMonth: dayMonth, span: i..<(i + 1))
                case .tooLarge?:
                    candidate = AmountCandidate(value: DecimalValue(digits: 0, scale: 0), tooLarge: true, span: i..<(i + 1))
                default:
                    continue
                }
            } else if tokens[i].kind == .word, lexicon.number(tokens[i].text) != nil,
                      let (value, next) = NumberWordReader.read(tokens, from: i, to: range.upperBound, lexicon: lexicon) {
                candidate = AmountCandidate(value: value ?? DecimalValue(digits: 0, scale: 0), tooLarge: value == nil,
                                            spoken: true, span: i..<next)
            } else {
                continue
            }
            candidate.extend(tokens, range, meanings: meanings, consumed: consumed, lexicon: lexicon, taken: taken)
            found.append(candidate)
            taken = candidate.span.upperBound
            i = candidate.span.upperBound - 1
        }
        return found
    }

    /// `2-3 тисячі`, `5–6k`: two whole numbers one dash apart, the second with a scale word.
    private static func scaledRange(_ tokens: [Token], at i: Int, _ range: Range<Int>, consumed: TokenFlags,
                                    lexicon: Lexicon) -> (DecimalValue, DecimalValue, Int64)? {
        guard i + 2 < range.upperBound, tokens[i + 1].kind == .number, !consumed[i + 1], !consumed[i + 2],
              tokens[i + 1].start == tokens[i].end + 1, !tokens[i + 1].glued,
              case .value(let low, nil)? = tokens[i].shape, case .value(let high, nil)? = tokens[i + 1].shape,
              low.scale == 0, high.scale == 0, low.digits < high.digits,
              let scale = ScaleRest.factor(of: tokens[i + 2], lexicon) else { return nil }
        return (low, high, scale)
    }

    /// `taken`: the tokens before it belong to earlier candidates.
    private mutating func extend(_ tokens: [Token], _ range: Range<Int>, meanings: [Meaning?], consumed: TokenFlags, lexicon: Lexicon,
                                 taken: Int) {
        var j = span.upperBound
        func free(_ k: Int) -> Bool { k >= taken && range.contains(k) && !consumed[k] }
        // A multiplier: `1.5к`, `15 тис`, `2 тисячі`, and the rest of the number (`2 тисячі 500`).
        // `2 штуки` after digits is a count of pieces (see below); `дві штуки` (spoken) is 2000.
        if !spoken, free(j), let scale = ScaleRest.factor(of: tokens[j], lexicon) {
            let whole = value.scale == 0
            if let scaled = value.multiplied(by: scale) { value = scaled } else { tooLarge = true }
            marked = true
            j += 1
            if whole { _ = addRest(tokens, at: &j, below: scale, meanings: meanings, lexicon: lexicon, end: range.upperBound, free: free) }
        } else if !spoken, free(j), value.scale == 0, tokens[j].kind == .word, tokens[j].text.utf8.starts(with: "штук".utf8) {
            // `за 3 штуки`: NotMoney left it free, so it is thousands (see `NotMoney.thousands`).
            if let scaled = value.multiplied(by: 1000) { value = scaled } else { tooLarge = true }
            marked = true
            j += 1
        } else if spoken, !tooLarge, let scale = ScaleRest.factor(of: tokens[j - 1], lexicon),
                  addRest(tokens, at: &j, below: scale, meanings: meanings, lexicon: lexicon, end: range.upperBound, free: free) {
            // `дві тисячі 500`: digits now, and as sure as `2 тисячі`.
            spoken = false
            marked = true
        }
        // A currency before (`$20`, `usd 20`) or after (`85грн`, `20 usd`).
        let before = span.lowerBound - 1
        if free(before), let currency = AmountCandidate.currency(tokens[before], meanings[before]) {
            self.currency = currency
            prefix = 1
        } else if free(j), let currency = AmountCandidate.currency(tokens[j], meanings[j]) {
            self.currency = currency
            j += 1
            // `85 гривень 50 копійок`, `97 zloty and 50 groszy`, `267 гривень, сорок копійок`.
            let comma = free(j) && tokens[j].kind == .comma ? 1 : 0
            let and = free(j + comma) && tokens[j + comma].kind == .word && AmountCandidate.and.contains(WordKey(tokens[j + comma].text)) ? 1 : 0
            if free(j + comma + and),
               let (minor, next) = AmountCandidate.minorPart(tokens, j + comma + and, range, lexicon: lexicon, meanings: meanings),
               let sum = value + minor {
                value = sum
                j = next
            }
        } else if free(j), CurrencyCode.isUnknownCode(tokens[j], meanings[j]) {
            unknownCurrency = true
            j += 1
        } else if free(j), j < meanings.count, meanings[j] == .minorUnit {
            // `50 копійок` alone.
            value = DecimalValue(digits: value.digits, scale: value.scale + 2)
            marked = true
            j += 1
        }
        let sign = span.lowerBound - prefix - 1
        if free(sign), tokens[sign].kind == .plus {
            plus = true
            prefix += 1
        }
        if currency != nil || plus || unknownCurrency { marked = true }
        if marked { dayMonth = nil }
        span = span.lowerBound..<j
    }

    /// Adds the rest after the scale word before `j` (`2 тисячі 500`) and moves `j` past it;
    /// whether there was one. Past `Int64`, the amount is too large, never wrapped.
    private mutating func addRest(_ tokens: [Token], at j: inout Int, below scale: Int64, meanings: [Meaning?], lexicon: Lexicon,
                                  end: Int, free: (Int) -> Bool) -> Bool {
        guard let rest = ScaleRest.read(tokens, at: j, below: scale, meanings: meanings, lexicon: lexicon, end: end, free: free)
        else { return false }
        otherValue = rest.other.flatMap { value + $0 }
        if let sum = value + rest.value { value = sum } else { tooLarge = true }
        j = rest.next
        return true
    }

    static func currency(_ token: Token, _ meaning: Meaning?) -> Currency? {
        if token.kind == .currencySymbol {
            switch token.text {
            case "$": return .usd
            case "€": return .eur
            case "£": return .gbp
            case "₽": return Currency.iso("RUB")
            case "¥": return Currency.iso("JPY")
            case "₸": return Currency.iso("KZT")
            case "₺": return Currency.iso("TRY")
            case "₾": return Currency.iso("GEL")
            case "₪": return Currency.iso("ILS")
            default: return .uah
            }
        }
        if case .currency(let currency)? = meaning { return currency }
        return CurrencyCode.currency(token, meaning)
    }

    /// A number of kopiykas/cents and its unit word: the value in major units.
    private static func minorPart(_ tokens: [Token], _ j: Int, _ range: Range<Int>, lexicon: Lexicon,
                                  meanings: [Meaning?]) -> (DecimalValue, Int)? {
        var value: DecimalValue
        var next: Int
        if tokens[j].kind == .number, case .value(let v, _)? = tokens[j].shape, v.scale == 0, v.digits < 100 {
            value = v
            next = j + 1
        } else if let (spoken, n) = NumberWordReader.read(tokens, from: j, to: range.upperBound, lexicon: lexicon),
                  let v = spoken, v.digits < 100_00 {
            value = DecimalValue(digits: v.digits / 100, scale: 0)
            next = n
        } else {
            return nil
        }
        guard next < range.upperBound, meanings[next] == .minorUnit else { return nil }
        value.scale += 2
        return (value, next + 1)
    }
}
