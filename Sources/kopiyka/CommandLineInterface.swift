import FoundationEssentials

enum CommandLineInterface {
    static let usage = """
        Usage: kopiyka [command]

          run                 Run the Telegram bot (BOT_TOKEN set), or the offline console.
                              The default command.
          serve               Run the Telegram bot, as systemd and Docker do: without a
                              BOT_TOKEN it exits with status 78 instead of the console.
          console [--user NAME] [--lang uk|ru|en]
                              Chat with the bot offline: each line is a message.
          parse [--today YYYY-MM-DD]
                              Read messages from stdin, print one JSON result per line.
          totals [--rebuild]  Check the month totals behind reports against the entries;
                              --rebuild recomputes them first.
          backup [PATH]       Copy the database while the bot runs, check the copy, and
                              write it atomically to PATH (a file or a folder; BACKUP_DIR
                              when left out).
          restore BACKUP      Put a backup in the database's place, with the bot stopped;
                              the database it replaces is kept aside.
          rotate-key          Seal every Monobank token under a new key (bot stopped).
          bench [parser] [reports] [--entries N]
                              Print performance figures (build with -c release).
          help                Show this text.

        Settings come from the environment and ./bot.env (see bot.env.example).
        """

    static func run(_ arguments: [String]) async throws(ExitError) {
        let command = arguments.first ?? "run"
        let options = Array(arguments.dropFirst())
        switch command {
        case "run":
            try await RunCommand(options: options).run()
        case "serve":
            try await RunCommand(options: options, isService: true).run()
        case "console":
            try ConsoleCommand(options: options).run()
        case "parse":
            try ParseCommand(options: options).run()
        case "totals":
            try TotalsCommand(options: options).run()
        case "backup":
            try BackupCommand(options: options).run()
        case "restore":
            try RestoreCommand(options: options).run()
        case "rotate-key":
            try RotateKeyCommand(options: options).run()
        case "bench":
            try BenchCommand(options: options).run()
        case "help", "--help", "-h":
            print(usage)
        default:
            throw ExitError("unknown command \(command)\n\n\(usage)", status: 64)
        }
    }
}

/// `--name value` options of one command, with nothing left unread.
struct Options {
    private var values: [String: String] = [:]

    init(_ arguments: [String], allowed: Set<String>) throws(ExitError) {
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard allowed.contains(name), index + 1 < arguments.count else {
                throw ExitError("unexpected argument \(name)\n\n\(CommandLineInterface.usage)", status: 64)
            }
            values[name] = arguments[index + 1]
            index += 2
        }
    }

    subscript(_ name: String) -> String? { values[name] }
}

func loadConfiguration() throws(ExitError) -> Configuration {
    do {
        return try Configuration.load()
    } catch {
        throw ExitError(error.description, status: 78)
    }
}
