/// Reads a spoken number (`тисяча двісті тридцять чотири`, `two hundred and fifty`,
/// `півтори тисячі`) from consecutive word tokens, by the usual group-and-scale grammar: a
/// word that cannot follow the previous one ends the number.
enum NumberWordReader {
    private enum Last { case none, unit, teen, ten, hundreds, scale, half }

    /// The value in hundredths and the index after the last word used, or nil.
    static func read(_ tokens: [Token], from start: Int, to end: Int, lexicon: Lexicon) -> (value: DecimalValue, next: Int)? {
        var total: Int64 = 0, group: Int64 = 0
        var last = Last.none, lastScale = Int64.max
        var i = start, next = start
        loop: while i < end, tokens[i].kind == .word, let word = lexicon.number(tokens[i].text) {
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
                guard scale < lastScale, last != .none || canStart else { break loop }
                if last == .none { group = 100 } else if last == .half { group = 50 }
                total += group * scale
                group = 0
                lastScale = scale
                last = .scale
            case .half:
                guard last == .none else { break loop }
                last = .half
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
        return (DecimalValue(digits: total + group, scale: 2), next)
    }
}
