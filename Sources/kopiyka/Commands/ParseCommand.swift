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
