import KopiykaCore

/// `Сільпо 1200: продукти 900, дім 300`: one purchase across categories. Read as its parts
/// (and what is left of the total under the purchase's own category), never as the total and
/// its parts both, which would count the purchase twice.
enum SplitPurchase {
    /// The text before and after the first colon that can start a split: not inside a time
    /// (`13:30`), with something on both sides. Nil for a message without one. Cost: one scan.
    static func halves(_ text: String) -> (head: Substring, parts: Substring)? {
        guard hasColon(text) else { return nil }
        for index in text.indices where text[index] == ":" {
            let next = text.index(after: index)
            let previous = index > text.startIndex ? text[text.index(before: index)] : nil
            let between = previous?.isNumber == true && next < text.endIndex && text[next].isNumber
            if !between {
                let head = text[..<index], parts = text[next...]
                guard !head.allSatisfy(\.isWhitespace), !parts.allSatisfy(\.isWhitespace) else { return nil }
                return (head, parts)
            }
        }
        return nil
    }

    /// Whether `text` holds a colon, asked of its bytes: most messages have none, and walking
    /// their characters to compare each with `:` cost a tenth of parsing them. Exact: only
    /// the colon itself is canonically equivalent to a colon.
    static func hasColon(_ text: String) -> Bool { text.utf8.contains(UInt8(ascii: ":")) }

    /// Where a line of a message ends, as the tokenizer sees it.
    static func endsLine(_ character: Character) -> Bool { character.isNewline || character == ";" }

    /// The parts of `whole`, each dated and paid as the whole was, in its own category (or the
    /// whole's when it names none), with the rest of the total as one more part. Nil when the
    /// parts are not of the whole's kind and currency (then it is no split); a failure when they
    /// add up to more than the whole.
    static func parts(of whole: ParsedEntry, _ pieces: [ParsedEntry]) -> Result<[ParsedEntry], ParseFailure>? {
        guard whole.readings.isEmpty, !pieces.isEmpty,
              pieces.allSatisfy({ $0.kind == whole.kind && $0.amount.currency == whole.amount.currency && $0.readings.isEmpty })
        else { return nil }
        var sum: Int64 = 0
        for piece in pieces {
            let (added, overflow) = sum.addingReportingOverflow(piece.amount.minorUnits)
            guard !overflow else { return .failure(.amountTooLarge) }
            sum = added
        }
        guard sum <= whole.amount.minorUnits else { return .failure(.splitExceedsTotal) }
        let general: Set<CategoryKey> = [.other, .otherIncome]
        var result = pieces.map { piece in
            var part = piece
            part.date = whole.date
            part.account = whole.account ?? piece.account
            part.isPrivate = whole.isPrivate || piece.isPrivate
            if general.contains(piece.category) { part.category = whole.category }
            part.note = [whole.note, piece.note].filter { !$0.isEmpty }.joined(separator: " · ")
            return part
        }
        if sum < whole.amount.minorUnits {
            var rest = whole
            rest.amount = Money(minorUnits: whole.amount.minorUnits - sum, currency: whole.amount.currency)
            rest.expression = nil
            result.append(rest)
        }
        return .success(result)
    }
}
