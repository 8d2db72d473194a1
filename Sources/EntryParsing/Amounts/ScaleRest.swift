/// The rest of a number after its scale word, as people and speech-to-text write it:
/// `2 тисячі 500` (2,500), `1 млн 200 тис` (1,200,000), `дві тисячі 500`, `30 тисяч п'ятсот`,
/// `2к5` (2,500, as `4k7` is 4.7k). Cut at the scale word, the amount was silently a part of
/// itself (2,000, or the 500 alone).
///
/// A rest comes right after the scale word and fits below it: `2 тисячі 1500` and `таксі 120 2
/// тисячі` are two numbers. A whole number under ten with a word after it is a count
/// (`5 тисяч 2 місяці`), and `2 тисячі 50 копійок` is kopiykas: neither is a rest. Costs a
/// look-up or two, and only after a scale word.
enum ScaleRest {
    /// The rest's value, the index after it, and the other value when the writing allows two
    /// (`2к50`: 2,500 as `2.50к`, or 2,050).
    struct Found {
        var value: DecimalValue
        var next: Int
        var other: DecimalValue?
    }

    /// A scale word's factor; nil for other words and for `штуки`, which after digits counts
    /// pieces (`2 штуки`).
    static func factor(of token: Token, _ lexicon: Lexicon) -> Int64? {
        guard token.kind == .word, case .scale(let scale, _)? = lexicon.number(token.text), !token.text.hasPrefix("штук")
        else { return nil }
        return scale
    }

    /// The rest of the number whose scale word is at `j - 1`, or nil. `free(k)`: token `k` is in
    /// the entry and no other reading has it.
    static func read(_ tokens: [Token], at j: Int, below scale: Int64, meanings: [Meaning?], lexicon: Lexicon,
                     end: Int, free: (Int) -> Bool) -> Found? {
        guard free(j) else { return nil }
        if tokens[j].glued { return gluedDigits(tokens, at: j, below: scale) }
        var total = DecimalValue(digits: 0, scale: 0), k = j, limit = scale
        while free(k) {
            var piece = DecimalValue(digits: 0, scale: 0), after = k, pieceScale: Int64? = nil
            if tokens[k].kind == .number, !tokens[k].glued, case .value(let v, nil)? = tokens[k].shape {
                piece = v
                after = k + 1
                if free(after), let s = factor(of: tokens[after], lexicon) {
                    guard let scaled = piece.multiplied(by: s) else { break }
                    piece = scaled
                    pieceScale = s
                    after += 1
                }
            } else if tokens[k].kind == .word, lexicon.number(tokens[k].text) != nil,
                      let (spoken, next) = NumberWordReader.read(tokens, from: k, to: end, lexicon: lexicon), let v = spoken,
                      (k..<next).allSatisfy(free) {
                piece = v
                after = next
                pieceScale = factor(of: tokens[next - 1], lexicon)
            } else {
                break
            }
            guard piece.isLess(than: limit), !isNoRest(tokens, after, piece, meanings, free), let sum = total + piece else { break }
            (total, k) = (sum, after)
            guard let pieceScale else { break }
            limit = pieceScale
        }
        return k == j ? nil : Found(value: total, next: k)
    }

    /// `2 тисячі 5 кав` is a count; `2 тисячі 50 копійок`, kopiykas; `2 тисячі 500*2`, a product.
    private static func isNoRest(_ tokens: [Token], _ after: Int, _ piece: DecimalValue, _ meanings: [Meaning?],
                                 _ free: (Int) -> Bool) -> Bool {
        guard free(after) else { return false }
        if tokens[after].kind == .operation || meanings[after] == .minorUnit { return true }
        guard piece.isLess(than: 10), tokens[after].kind == .word else { return false }
        return AmountCandidate.currency(tokens[after], meanings[after]) == nil
    }

    /// `2к5`, `2к500`, `1k25`: digits glued to a scale word glued to its number. As many digits
    /// as the scale has zeros are added (`2к500`); one digit is the first after the point
    /// (`2к5` is 2.5к); between the two, both readings are offered (`2к50`: 2,500 or 2,050).
    private static func gluedDigits(_ tokens: [Token], at j: Int, below scale: Int64) -> Found? {
        guard tokens[j - 1].glued, tokens[j].kind == .number, case .value(let v, nil)? = tokens[j].shape, v.scale == 0,
              tokens[j].text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let written = tokens[j].text.utf8.count
        var zeros = 0, factor = scale
        while factor >= 10, factor % 10 == 0 { factor /= 10; zeros += 1 }
        guard written <= zeros else { return nil }
        var point = v
        for _ in written..<zeros {
            guard let next = point.multiplied(by: 10) else { return nil }
            point = next
        }
        return Found(value: point, next: j + 1, other: written == 1 || written == zeros ? nil : v)
    }
}
