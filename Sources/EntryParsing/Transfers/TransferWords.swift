/// The words that make a message a transfer, by the start of the word (every form of a verb
/// shares it), and the words a transfer may also hold. Anything else in the message (`зняв
/// квартиру`, `переказ мамі`) makes it an entry as before.
enum TransferWords {
    static let verbs: [(prefix: String, kind: ParsedTransfer.Kind)] = [
        ("зняв", .withdrawal), ("зняла", .withdrawal), ("зняли", .withdrawal), ("зняти", .withdrawal),
        ("снял", .withdrawal), ("сняла", .withdrawal), ("сняли", .withdrawal), ("снять", .withdrawal),
        ("withdr", .withdrawal),
        ("переказ", .transfer), ("перекинув", .transfer), ("перекинула", .transfer), ("перевод", .transfer),
        ("перевел", .transfer), ("перевела", .transfer), ("перекинул", .transfer), ("transfer", .transfer),
        ("moved", .transfer),
        ("поповн", .topUp), ("пополн", .topUp), ("topped", .topUp), ("top-up", .topUp),
        ("поклав", .deposit), ("поклала", .deposit), ("положил", .deposit), ("положила", .deposit), ("deposited", .deposit),
        ("обмін", .exchange), ("обміня", .exchange), ("обмен", .exchange), ("поміняв", .exchange), ("поміняла", .exchange),
        ("поменял", .exchange), ("exchang", .exchange),
    ]

    static func verb(_ word: String) -> ParsedTransfer.Kind? {
        guard let initial = word.unicodeScalars.first, let candidates = verbsByInitial[initial] else { return nil }
        // Scalar by scalar where a word has a single form (Latin and Cyrillic letters, no
        // combining marks): `hasPrefix` compares under Unicode normalization, ~2,000
        // instructions a verb.
        if word.unicodeScalars.allSatisfy({ $0.value < 0x300 || (0x400..<0x500).contains($0.value) }) {
            return candidates.first { word.unicodeScalars.starts(with: $0.prefix.unicodeScalars) }?.kind
        }
        return candidates.first { word.hasPrefix($0.prefix) }?.kind
    }

    /// `verbs` by their first scalar, each list in their order. Exact: no letter they start
    /// with has another canonical form, so a word with a verb's prefix starts with its scalar.
    static let verbsByInitial = Dictionary(grouping: verbs) { $0.prefix.unicodeScalars.first ?? " " }

    /// `з картки`, `с карты`, `from card`: the account money left.
    static let from: Set<String> = ["з", "із", "зі", "с", "со", "from", "off"]
    /// `на депозит`, `в копилку`, `to savings`: the account money reached.
    static let to: Set<String> = ["на", "в", "у", "во", "до", "to", "into", "onto"]
    /// Before an exchange's rate: `по 41,3`, `за 41.3`, `at 41.3`, `курс 41,3`.
    static let rate: Set<String> = ["по", "за", "at", "курс", "курсом", "rate", "@"]
    /// Words that say nothing about what the money was for.
    static let neutral: Set<String> = [
        "банкомат", "банкоматі", "банкомате", "atm", "гроші", "грошей", "деньги", "денег", "money", "кошти", "коштів",
        "собі", "себе", "myself", "up", "свої", "свои", "my", "мої", "мои", "the", "a",
    ]
}
