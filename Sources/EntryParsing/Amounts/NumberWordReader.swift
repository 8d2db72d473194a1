/// Reads a spoken number (`тисяча двісті тридцять чотири`, `two hundred and fifty`,
/// `півтори тисячі`, `тисяча мільйонів`) from consecutive word tokens, by the usual
/// group-and-scale grammar: a word that cannot follow the previous one ends the number.
enum NumberWordReader {
    private enum Last { case none, unit, teen, ten, hundreds, scale, half, andHalf }

    /// The value in hundredths (nil when it passes `Int64`: `мільярд мільярдів мільярдів`) and
    /// the index after the last word used; nil when no number starts at `start`. `end` is at
    /// most `tokens.count` (a draft's range), which every `tokens[i]` below stays under.
    static func read(_ tokens: [Token], from start: Int, to end: Int, lexicon: Lexicon) -> (value: DecimalValue?, next: Int)? {
        // `group` holds at most hundreds, tens and units (below 10^7 hundredths), so only
        // `total` needs checked arithmetic.
        var total: Int64 = 0, group: Int64 = 0, overflow = false
        var last = Last.none, lastScale = Int64.max
        var i = start, next = start
        loop: while i < end, tokens[i].kind == .word {
            // `п'ять з половиною тисяч`: half of the next scale's unit.
            if [.unit, .teen, .ten, .hundreds].contains(last), let after = andAHalf(tokens, at: i, end) {
                group += 50
                last = .andHalf
                i = after
                next = i
                continue
            }
            guard let word = lexicon.number(tokens[i].text) else { break }
            switch word {
            case .value(let v, let rank):
                let allowed: Bool
                switch rank {
                case .unit: allowed = [.none, .ten, .hundreds, .scale].contains(last) && !(v == 150 && last != .none)
                case .teen, .ten: allowed = [.none, .hundreds, .scale].contains(last)
                case .hundreds: allowed = [.none, .scale].contains(last)
                }
                guard allowed else { break loop }
                group += v
                last = rank == .unit ? .unit : rank == .teen ? .teen : rank == .ten ? .ten : .hundreds
            case .hundred:
                guard [.unit, .teen, .ten].contains(last), group < 100_00 else { break loop }
                group *= 100
                last = .hundreds
            case .scale(let scale, let canStart):
                guard last != .none || canStart else { break loop }
                if scale < lastScale {
                    if last == .none { group = 100 } else if last == .half { group = 50 }
                    overflow = overflow || !add(group, times: scale, to: &total)
                    group = 0
                } else {
                    // A scale right after a scale multiplies the whole number: `тисяча мільйонів`.
                    guard last == .scale else { break loop }
                    let (product, over) = total.multipliedReportingOverflow(by: scale)
                    if over { overflow = true } else { total = product }
                }
                lastScale = scale
                last = .scale
            case .half:
                guard last == .none else { break loop }
                last = .half
            case .filler:
                // `тисяча е-е двісті`: skipped between the words of a number, never ending one.
                guard last != .none, i + 1 < end, lexicon.number(tokens[i + 1].text) != nil else { break loop }
                i += 1
                continue loop
            case .and:
                guard [.hundreds, .scale].contains(last), i + 1 < end,
                      case .value? = lexicon.number(tokens[i + 1].text) else { break loop }
                i += 1
                continue loop
            }
            i += 1
            next = i
        }
        guard last != .none, last != .half else { return nil }
        if total == 0, [.unit, .teen, .ten].contains(last), let (cents, after) = cents(tokens, at: next, end, lexicon: lexicon) {
            return (DecimalValue(digits: group + cents, scale: 2), after)
        }
        overflow = overflow || !add(group, times: 1, to: &total)
        return (overflow ? nil : DecimalValue(digits: total, scale: 2), next)
    }

    /// `twelve fifty`, `nine ninety-nine`: an English price said as dollars, then cents from ten
    /// to ninety-nine. Only English words: `сто двадцять` stays one number.
    private static func cents(_ tokens: [Token], at i: Int, _ end: Int, lexicon: Lexicon) -> (Int64, Int)? {
        guard i < end, i > 0, tokens[i].kind == .word, tokens[i].text.utf8.allSatisfy({ $0 < 0x80 }),
              tokens[i - 1].text.utf8.allSatisfy({ $0 < 0x80 }),
              case .value(_, let rank)? = lexicon.number(tokens[i].text), rank == .ten || rank == .teen,
              let (found, after) = read(tokens, from: i, to: end, lexicon: lexicon), let value = found, value.scale == 2,
              (10_00..<100_00).contains(value.digits) else { return nil }
        return (value.digits / 100, after)
    }

    private static let withWords: Set<String> = ["з", "із", "зі", "с", "and"]
    private static let halfWords: Set<String> = ["половиною", "половиной", "half"]

    /// The index after `з половиною`, `с половиной` or `and a half` at `i`, or nil.
    private static func andAHalf(_ tokens: [Token], at i: Int, _ end: Int) -> Int? {
        guard withWords.contains(tokens[i].text), i + 1 < end else { return nil }
        if halfWords.contains(tokens[i + 1].text) { return i + 2 }
        if tokens[i + 1].text == "a", i + 2 < end, tokens[i + 2].text == "half" { return i + 3 }
        return nil
    }

    private static func add(_ value: Int64, times factor: Int64, to total: inout Int64) -> Bool {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        let (sum, carry) = total.addingReportingOverflow(product)
        guard !overflow, !carry else { return false }
        total = sum
        return true
    }
}
