import JSON
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
        var writer = JSONWriter(spaced: true)
        writer.object { line in
            line.string("text", text)
            line.array("entries") { list in
                for entry in entries { list.object { Self.write(entry, to: &$0) } }
            }
            // A private chat asks about the first entry that has readings (AmountQuestionsFeature.ask).
            line.key("ask")
            if let asked = entries.first(where: { !$0.readings.isEmpty }) {
                line.array { list in
                    for reading in asked.readings {
                        list.object {
                            $0.string("amount", reading.decimalString)
                            $0.string("currency", reading.currency.code)
                        }
                    }
                }
            } else {
                line.null()
            }
            line.key("error")
            if let error { line.value(error) } else { line.null() }
            line.string("kind", kind.rawValue)
        }
        return writer.text
    }

    private static func write(_ entry: ParsedEntry, to object: inout JSONWriter) {
        object.string("kind", entry.kind.rawValue)
        object.string("amount", entry.amount.decimalString)
        object.string("currency", entry.amount.currency.code)
        object.string("category", entry.category.rawValue)
        object.key("account")
        if let account = entry.account { object.value(account.rawValue) } else { object.null() }
        object.string("date", entry.date.iso)
        object.string("note", entry.note)
    }
}
