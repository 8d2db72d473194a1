import CMalloc
import Glibc

// One malloc arena for the whole process. glibc gives threads that contend for malloc arenas
// of their own (up to 8 per core), each keeping freed memory for reuse; with the curl workers
// and the concurrency pool that held about 1 MB more at peak (telegram-bench: 30.4 MB with the
// default, 29.5 MB with one), against a 30 MB target. The bot's threads mostly wait on the
// network, and the single arena's lock cost no measurable CPU per update.
_ = mallopt(M_ARENA_MAX, 1)

// Every file Kopiyka makes holds a family's money: none is for group or others, whatever umask
// the shell or the service manager passed on. (The database and exports also set their modes.)
_ = umask(0o077)

// `kopiyka [command]` (`CommandLineInterface.commands`). Anything that goes wrong ends here
// with one clear line on stderr and a non-zero status.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try await CommandLineInterface.run(arguments)
} catch {
    printError("kopiyka: \(error.message)")
    exit(error.status)
}
