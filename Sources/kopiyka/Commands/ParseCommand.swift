import EntryParsing
import FoundationEssentials
import KopiykaCore

/// `kopiyka parse [--today YYYY-MM-DD]`: the parser as a public, line-oriented JSON contract.
/// Tools and bug reports depend on its shape: keys and their order stay as they are.
struct ParseCommand {
    let today: LocalDate?

    init(options: [String]) throws(ExitError) {
        let options = try Options(options, allowed: ["--today"])
        if let text = options["--today"] {
            guard let date = LocalDate(iso: text) else {
                throw ExitError("--today takes a date as YYYY-MM-DD, not \(text)", status: 64)
            }
            today = date
        } else {
            today = nil
        }
    }

    func run() throws(ExitError) {
        let configuration = try loadConfiguration()
        let today = self.today ?? LocalDate(Date(), in: configuration.timeZone)
        let parser = EntryParser()
        while let line = readLine(strippingNewline: true) {
            print(ParseOutput(text: line, result: parser.parse(line, today: today)).json)
        }
    }
}

/// One line of `kopiyka parse` output:
/// `{"text": "…", "entries": [{"kind", "amount", "currency", "category", "account", "date", "note"}], "error": null}`.
struct ParseOutput {
    let text: String
    let result: Result<[ParsedEntry], ParseFailure>

    var json: String {
        let entries: [ParsedEntry]
        let error: String?
        switch result {
        case .success(let parsed): (entries, error) = (parsed, nil)
        case .failure(let failure): (entries, error) = ([], failure.rawValue)
        }
        let objects = entries.map { entry in
            JSON.object([
                ("kind", JSON.string(entry.kind.rawValue)),
                ("amount", JSON.string(entry.amount.decimalString)),
                ("currency", JSON.string(entry.amount.currency.code)),
                ("category", JSON.string(entry.category.rawValue)),
                ("account", entry.account.map { JSON.string($0.rawValue) } ?? "null"),
                ("date", JSON.string(entry.date.iso)),
                ("note", JSON.string(entry.note)),
            ])
        }
        return JSON.object([
            ("text", JSON.string(text)),
            ("entries", "[" + objects.joined(separator: ", ") + "]"),
            ("error", error.map(JSON.string) ?? "null"),
        ])
    }
}

/// Just enough JSON writing to keep key order fixed (JSONEncoder does not promise it).
enum JSON {
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func string(_ text: String) -> String { text.jsonQuoted }
}
