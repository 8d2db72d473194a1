import FoundationEssentials
import KopiykaCore
import Ledger

/// `kopiyka totals [--rebuild]`: checks the month totals behind every report against a fresh
/// sum over the entries; `--rebuild` first recomputes them. Exit 1 when they disagree.
struct TotalsCommand {
    let rebuild: Bool

    init(options: [String]) throws(ExitError) {
        rebuild = try CommandLineInterface.arguments(options, of: "totals", flags: ["--rebuild"]).has("--rebuild")
    }

    func run() throws(ExitError) {
        let app = App(configuration: try loadConfiguration())
        let ledger = try app.openLedger()
        do {
            if rebuild {
                try ledger.entries.rebuildMonthTotals()
                print("month totals rebuilt from the entries")
            }
            let mismatches = try ledger.entries.monthTotalsMismatches()
            guard mismatches == 0 else {
                throw ExitError("\(mismatches) month-total rows disagree with the entries; run kopiyka totals --rebuild")
            }
            print("month totals match the entries")
        } catch let error as ExitError {
            throw error
        } catch {
            throw ExitError("checking the month totals failed: \(error)")
        }
    }
}
