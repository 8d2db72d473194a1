/// A speaker who takes an amount back and says another: `за триста двадцять гривень, ні, не
/// триста двадцять, а триста девʼяносто`, `Сто, нет, не сто. Сто шестьдесят две`, `заплатив не
/// 300, а 350`, `120, ні, 150`, `800 ні стоп 780`. Voice messages do this; the amount said
/// last is the one meant.
enum SelfCorrection {
    /// Every word that may start a correction, for `MessageCues.mayCorrect`.
    static let words = (negations.union(cues)).map(\.text).joined(separator: " ")

    /// The text without what was taken back, or nil when nothing was. Reads the message's
    /// amounts: call it only when `MessageCues.mayCorrect`.
    static func corrected(_ message: Message) -> String? {
        let tokens = message.tokens
        let amounts = AmountCandidate.all(in: tokens, 0..<tokens.count, meanings: message.meanings,
                                          consumed: TokenFlags(0..<tokens.count), lexicon: message.lexicon)
        func first(_ candidate: AmountCandidate) -> Int { candidate.span.lowerBound - candidate.prefix }
        func isWord(_ k: Int, in set: Set<WordKey>) -> Bool { tokens[k].kind == .word && set.contains(WordKey(tokens[k].text)) }
        for n in amounts.indices.dropLast() {
            let taken = amounts[n], said = amounts[n + 1]
            let between = taken.span.upperBound..<first(said)
            guard between.allSatisfy({ tokens[$0].kind == .comma || isWord($0, in: cues) || isWord($0, in: glue) }) else { continue }
            let negated = first(taken) - 1
            if negated >= 0, isWord(negated, in: negations) {
                // `не 300, а 350`, `ні, не сто. Сто шістдесят`: the amount before `ні, не` goes too.
                var k = negated - 1, corrected = false
                while k >= 0, tokens[k].kind == .comma || isWord(k, in: cues) {
                    corrected = corrected || tokens[k].kind == .word
                    k -= 1
                }
                guard corrected || between.contains(where: { isWord($0, in: glue) }) else { continue }
                let start = corrected && n > 0 && amounts[n - 1].span.upperBound == k + 1 ? first(amounts[n - 1]) : negated
                return cut(message, from: start, to: first(said))
            }
            // `120, ні, 150`: a word of correction and nothing else between the two.
            if between.contains(where: { isWord($0, in: cues) }) { return cut(message, from: first(taken), to: first(said)) }
        }
        return nil
    }

    private static func cut(_ message: Message, from start: Int, to end: Int) -> String {
        let s = message.scalars, tokens = message.tokens
        var view = String.UnicodeScalarView(s[..<tokens[start].start])
        view.append(contentsOf: s[tokens[end].start...])
        return String(view)
    }

    private static let negations: Set<WordKey> = Set(["не", "not"].map(WordKey.init))
    private static let cues: Set<WordKey> = Set([
        "ні", "нє", "нет", "неа", "ой", "тобто", "точніше", "вірніше", "вернее", "верней", "точнее", "sorry", "oops",
        "стоп", "stop", "no",
    ].map(WordKey.init))
    private static let glue: Set<WordKey> = Set(["а", "but"].map(WordKey.init))
}
