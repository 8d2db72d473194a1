import Glibc

// `kopiyka [run | console | parse | bench | help]`. Anything that goes wrong ends here with
// one clear line on stderr and a non-zero status.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try await CommandLineInterface.run(arguments)
} catch {
    printError("kopiyka: \(error.message)")
    exit(error.status)
}
