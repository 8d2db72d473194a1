import EntryParsing
import FoundationEssentials
import KopiykaCore

/// `kopiyka parse [--today YYYY-MM-DD]`: the parser as a public, line-oriented JSON contract.
/// Tools and bug reports depend on its shape: keys and their order stay as they are.
struct ParseCommand {
    let today: LocalDate?

    init(options: [String]) throws(ExitError) {
        let options = try CommandLineInterface.arguments(options, of: "parse", options: ["--today"])
        if let text = options["--today"] {
            guard let date = LocalDate(iso: text) else {
                throw CommandLineInterface.usageError("--today takes a date as YYYY-MM-DD, not \(text)", of: "parse")
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
            let result = parser.parse(line, today: today)
            var asksFigures = false
            if case .failure(let failure) = result, failure == .noAmount || failure == .question {
                asksFigures = parser.figureQuestion(line, today: today) != nil
            }
            print(ParseOutput(text: line, result: result, asksFigures: asksFigures).json)
        }
    }
}
