/// An amount people compute as they write it: `2*45`, `2×45`, `2 x 45`, `3 шт х 32`, `600/3`, `120+35`.
/// Products and quotients before sums; exact decimals throughout, every step checked, and a
/// quotient kept to four places (rounded half up) so `100/3` is 33.33 once in kopiykas.
/// A `+` is a sum only with the same spacing on both sides: `85 +30000` is an amount and a
/// signed income, not 30085.
enum Arithmetic {
    struct Expression {
        /// nil when a step overflows or divides by zero: the entry is refused, not guessed.
        var value: DecimalValue?
        /// As shown in a confirmation: `2×45`, `600/3`, `120+35`.
        var text: String
        var next: Int
    }

    private enum Operation { case add, multiply, divide }

    static func read(_ tokens: [Token], from start: Int, to end: Int, consumed: TokenFlags) -> Expression? {
        guard case .value(let first, _)? = tokens[start].shape else { return nil }
        // Filled on the first operation: nearly every number is read alone, and allocates nothing.
        var operands: [DecimalValue] = []
        var operations: [Operation] = []
        var text = tokens[start].text
        var i = start + 1
        // `3 шт х 32`, `2 pcs x 4.50`: a count of pieces times the price of one.
        if i + 2 < end, !consumed[i], isPieces(tokens[i]), operation(tokens, at: i + 1) == .multiply { i += 1 }
        while i + 1 < end, !consumed[i], !consumed[i + 1], tokens[i + 1].kind == .number,
              case .value(let operand, _)? = tokens[i + 1].shape, let operation = operation(tokens, at: i) {
            if operands.isEmpty { operands.append(first) }
            operands.append(operand)
            operations.append(operation)
            text += (operation == .add ? "+" : operation == .multiply ? "×" : "/") + tokens[i + 1].text
            i += 2
        }
        guard !operations.isEmpty else { return nil }
        return Expression(value: evaluate(operands, operations), text: text, next: i)
    }

    private static let pieces: Set<WordKey> = Set(["шт", "штуки", "штук", "штука", "pcs", "pc"].map(WordKey.init))

    /// `шт`, `pcs`: a unit that may stand between a count and its `×`.
    static func isPieces(_ token: Token) -> Bool { token.kind == .word && pieces.contains(WordKey(token.text)) }

    private static func operation(_ tokens: [Token], at i: Int) -> Operation? {
        let token = tokens[i]
        switch token.kind {
        // `85 *1234` is a price and a card's mask, not a product: a `*` is spaced like a `+`.
        case .operation where token.text == "*": return token.glued == tokens[i + 1].glued ? .multiply : nil
        case .operation: return token.text == "/" || token.text == "÷" ? .divide : .multiply
        case .plus: return token.glued == tokens[i + 1].glued ? .add : nil
        case .word: return token.text == "x" || token.text == "х" ? .multiply : nil
        default: return nil
        }
    }

    private static func evaluate(_ operands: [DecimalValue], _ operations: [Operation]) -> DecimalValue? {
        var sum: DecimalValue? = nil
        var term = operands[0]  // `read` puts at least two operands here.
        for (operation, operand) in zip(operations, operands.dropFirst()) {
            switch operation {
            case .multiply: guard let product = multiply(term, operand) else { return nil }; term = product
            case .divide: guard let quotient = divide(term, operand) else { return nil }; term = quotient
            case .add:
                guard let total = sum.map({ $0 + term }) ?? term else { return nil }
                sum = total
                term = operand
            }
        }
        return sum.map { $0 + term } ?? term
    }

    private static func multiply(_ a: DecimalValue, _ b: DecimalValue) -> DecimalValue? {
        let (digits, overflow) = a.digits.multipliedReportingOverflow(by: b.digits)
        return overflow ? nil : DecimalValue(digits: digits, scale: a.scale + b.scale)
    }

    private static func divide(_ a: DecimalValue, _ b: DecimalValue) -> DecimalValue? {
        guard b.digits != 0 else { return nil }
        // a/b at four places: a.digits·10^(4 + b.scale) / (b.digits·10^a.scale), rounded half up.
        var numerator = a.digits
        for _ in 0..<(4 + b.scale) {
            let (next, overflow) = numerator.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            numerator = next
        }
        var denominator = b.digits
        for _ in 0..<a.scale {
            let (next, overflow) = denominator.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            denominator = next
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        // Values are non-negative, so doubling the remainder stays below 2·denominator ≤ Int64.max.
        let (twice, overflow) = remainder.multipliedReportingOverflow(by: 2)
        return DecimalValue(digits: !overflow && twice >= denominator ? quotient + 1 : quotient, scale: 4)
    }
}
