import KopiykaCore

/// The seam for a member's own account names (`Ощад`, `кредитка`, `чорна картка`): a message
/// that names one in any word form (`з Ощаду`, `кредиткою`) is on that account.
///
/// A name only claims words the vocabulary leaves without a meaning (or gives an account):
/// never a category, currency, date or number word, so no name can change what amount, in
/// what currency, on what day a message records.
public struct AccountNames: Sendable {
    struct Name: Sendable {
        let stems: [String]
        let account: AccountKey
    }

    /// Longest first, so `чорна картка` wins over `картка`.
    let names: [Name]

    public init(_ names: [(name: String, account: AccountKey)]) {
        self.names = names.compactMap { name, account in
            let stems = Tokenizer.tokens(Array(name.unicodeScalars)).compactMap { $0.kind == .word ? Stemmer.stem($0.text) : nil }
            return stems.isEmpty ? nil : Name(stems: stems, account: account)
        }.sorted { $0.stems.count > $1.stems.count }
    }

    public var isEmpty: Bool { names.isEmpty }

    /// Whether `name` would ever be found in a message: it has a word no vocabulary claims.
    public static func isRecognizable(_ name: String) -> Bool {
        let tokens = Tokenizer.tokens(Array(name.unicodeScalars))
        return !tokens.isEmpty && tokens.allSatisfy { $0.kind == .word && claimable($0.text, stem: Stemmer.stem($0.text)) }
    }

    /// Gives the tokens of each name found the meaning of its account. Costs one comparison per
    /// word and name: a household has a handful.
    func mark(_ tokens: [Token], stems: [String], meanings: inout [Meaning?]) {
        var i = 0
        while i < tokens.count {
            guard let name = names.first(where: { matches($0, at: i, tokens, stems, meanings) }) else {
                i += 1
                continue
            }
            for k in i..<(i + name.stems.count) { meanings[k] = .account(name.account) }
            i += name.stems.count
        }
    }

    private func matches(_ name: Name, at start: Int, _ tokens: [Token], _ stems: [String], _ meanings: [Meaning?]) -> Bool {
        guard start + name.stems.count <= tokens.count else { return false }
        for (offset, stem) in name.stems.enumerated() {
            let k = start + offset
            guard tokens[k].kind == .word, Self.claimable(tokens[k].text, meaning: meanings[k]) else { return false }
            guard stems[k] == stem || Stemmer.alternateStem(tokens[k].text) == stem else { return false }
        }
        return true
    }

    private static func claimable(_ word: String, meaning: Meaning?) -> Bool {
        guard !word.hasPrefix("#"), Lexicon.shared.number(word) == nil else { return false }
        switch meaning {
        case nil, .account?: return true
        default: return false
        }
    }

    private static func claimable(_ word: String, stem: String) -> Bool {
        claimable(word, meaning: Lexicon.shared.meaning(of: word, stem: stem)?.meaning)
    }
}
