import KopiykaCore

/// One line of `kopiyka parse` output, the parser's public contract for tools and bug reports:
/// `{"text": "…", "entries": [{"kind", "amount", "currency", "category", "account", "date", "note"}], "ask": null, "error": null, "kind": "entry"}`.
/// Keys and their order stay as they are (a new key comes last); `error` is a `ParseFailure` raw
/// value or `null`. `ask` is `null`, or the readings a private chat asks between (`обід 250
/// 300`: 250, 300 and 250 300 ₴, `[{"amount", "currency"}]`) instead of recording `entries`; a
/// group records nothing. `kind` is what the message is (`Kind`).
public struct ParseOutput: Sendable {
    /// What a message is: money that moved (recorded, asked about, or refused for a reason such
    /// as `amount_too_large`), a request, a question (one about the family's figures is
    /// answered), a plan, a state, or chatter with no amount at all.
    public enum Kind: String, Sendable {
        case entry, question, request, plan, state, chatter
    }

    public let text: String
    public let result: Result<[ParsedEntry], ParseFailure>
    /// Whether the text asks about the family's figures (`EntryParser.figureQuestion`).
    let asksFigures: Bool

    public init(text: String, result: Result<[ParsedEntry], ParseFailure>, asksFigures: Bool = false) {
        self.text = text
        self.result = result
        self.asksFigures = asksFigures
    }

    public var kind: Kind {
        switch result {
        case .success: .entry
        case .failure(.request): .request
        case .failure(.question): .question
        case .failure(.plan): .plan
        case .failure(.state): .state
        case .failure(.empty), .failure(.noAmount): asksFigures ? .question : .chatter
        case .failure: .entry
        }
    }

    /// One line of JSON, written by hand so the key order is fixed (JSONEncoder does not promise it).
    public var json: String {
        let entries: [ParsedEntry]
        let error: String?
        switch result {
        case .success(let parsed): (entries, error) = (parsed, nil)
        case .failure(let failure): (entries, error) = ([], failure.rawValue)
        }
        let objects = entries.map { entry in
            ParseOutput.object([
                ("kind", entry.kind.rawValue.jsonQuoted),
                ("amount", entry.amount.decimalString.jsonQuoted),
                ("currency", entry.amount.currency.code.jsonQuoted),
                ("category", entry.category.rawValue.jsonQuoted),
                ("account", entry.account.map { $0.rawValue.jsonQuoted } ?? "null"),
                ("date", entry.date.iso.jsonQuoted),
                ("note", entry.note.jsonQuoted),
            ])
        }
        // A private chat asks about the first entry that has readings (AmountQuestionsFeature.ask).
        let ask = entries.first { !$0.readings.isEmpty }.map { entry in
            "[" + entry.readings.map { reading in
                ParseOutput.object([("amount", reading.decimalString.jsonQuoted), ("currency", reading.currency.code.jsonQuoted)])
            }.joined(separator: ", ") + "]"
        }
        return ParseOutput.object([
            ("text", text.jsonQuoted),
            ("entries", "[" + objects.joined(separator: ", ") + "]"),
            ("ask", ask ?? "null"),
            ("error", error.map(\.jsonQuoted) ?? "null"),
            ("kind", kind.rawValue.jsonQuoted),
        ])
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { $0.0.jsonQuoted + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
