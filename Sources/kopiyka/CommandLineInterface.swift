import FoundationEssentials
import KopiykaCore

/// `kopiyka [command]`: every command declared once, here. The usage text and the dispatch
/// both read `commands`, so the help lists exactly what runs (`CommandLineTests` runs the
/// binary's help against it).
enum CommandLineInterface {
    struct Command: Sendable {
        let name: String
        /// Its arguments as the usage shows them: `[--user NAME] [--lang uk|ru|en]`.
        let synopsis: String
        /// What it does, a line each, as the usage prints them.
        let help: [String]
        let run: @Sendable ([String]) async throws(ExitError) -> Void
    }

    static let commands: [Command] = [
        Command(name: "run", synopsis: "", help: [
            "Run the Telegram bot (BOT_TOKEN set), or the offline console.", "The default command.",
        ]) { arguments throws(ExitError) in try await RunCommand(options: arguments).run() },
        Command(name: "serve", synopsis: "", help: [
            "Run the Telegram bot, as systemd and Docker do: without a",
            "BOT_TOKEN it exits with status 78 instead of the console.",
        ]) { arguments throws(ExitError) in try await RunCommand(options: arguments, isService: true).run() },
        Command(name: "console", synopsis: "[--user NAME] [--lang uk|ru|en]", help: [
            "Chat with the bot offline: each line is a message.",
        ]) { arguments throws(ExitError) in try ConsoleCommand(options: arguments).run() },
        Command(name: "parse", synopsis: "[--today YYYY-MM-DD]", help: [
            "Read messages from stdin, print one JSON result per line.",
        ]) { arguments throws(ExitError) in try ParseCommand(options: arguments).run() },
        Command(name: "totals", synopsis: "[--rebuild]", help: [
            "Check the month totals behind reports against the entries;", "--rebuild recomputes them first.",
        ]) { arguments throws(ExitError) in try TotalsCommand(options: arguments).run() },
        Command(name: "backup", synopsis: "[PATH]", help: [
            "Copy the database while the bot runs, check the copy, and",
            "write it atomically to PATH (a file or a folder; BACKUP_DIR", "when left out).",
        ]) { arguments throws(ExitError) in try BackupCommand(options: arguments).run() },
        Command(name: "restore", synopsis: "BACKUP", help: [
            "Put a backup in the database's place, with the bot stopped;", "the database it replaces is kept aside.",
        ]) { arguments throws(ExitError) in try RestoreCommand(options: arguments).run() },
        Command(name: "rotate-key", synopsis: "", help: [
            "Seal every Monobank token under a new key (bot stopped).",
        ]) { arguments throws(ExitError) in try RotateKeyCommand(options: arguments).run() },
        Command(name: "bench", synopsis: "[\(BenchCommand.suiteNames.joined(separator: "|"))]... [--entries N]", help: [
            "Print performance figures (build with -c release); every", "suite when none is named.",
        ]) { arguments throws(ExitError) in try BenchCommand(options: arguments).run() },
        Command(name: "help", synopsis: "", help: ["Show this text."]) { _ in print(usage) },
    ]

    static var usage: String {
        let lines = commands.flatMap { command -> [String] in
            let head = "  " + ([command.name, command.synopsis].filter { !$0.isEmpty }.joined(separator: " "))
            let indent = String(repeating: " ", count: 22)
            // The first line of help beside the command when there is room, as `man` pages do.
            guard head.count < indent.count - 1, let first = command.help.first else {
                return [head] + command.help.map { indent + $0 }
            }
            return [head + String(repeating: " ", count: indent.count - head.count) + first]
                + command.help.dropFirst().map { indent + $0 }
        }
        return (["Usage: kopiyka [command]", ""] + lines + [
            "", "Settings come from the environment and ./bot.env (see bot.env.example).",
        ]).joined(separator: "\n")
    }

    static func run(_ arguments: [String]) async throws(ExitError) {
        var name = arguments.first ?? "run"
        if name == "--help" || name == "-h" { name = "help" }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw ExitError("unknown command \(name)\n\n\(usage)", status: 64)
        }
        try await command.run(Array(arguments.dropFirst()))
    }

    /// `options` read as `command` declares them; a usage error (status 64) naming what is
    /// wrong and the command's own usage line otherwise.
    static func arguments(
        _ options: [String], of command: String, flags: Set<String> = [], options names: Set<String> = [],
        words: ClosedRange<Int> = 0...0
    ) throws(ExitError) -> CommandArguments {
        do {
            return try CommandArguments(options, flags: flags, options: names, words: words)
        } catch {
            throw usageError("\(error)", of: command)
        }
    }

    /// `message` after the command's name, then how `command` is called; status 64, as
    /// sysexits.h has it for a command used wrongly.
    static func usageError(_ message: String, of command: String) -> ExitError {
        let synopsis = commands.first { $0.name == command }?.synopsis ?? ""
        return ExitError("\(command): \(message)\n\nusage: kopiyka \(command) \(synopsis)", status: 64)
    }
}

func loadConfiguration() throws(ExitError) -> Configuration {
    do {
        return try Configuration.load()
    } catch {
        throw ExitError(error.description, status: 78)
    }
}
