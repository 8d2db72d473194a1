import Foundation

/// `kopiyka run` (and `kopiyka` alone): the Telegram bot when a token is set, else the console.
struct RunCommand {
    init(options: [String]) throws(ExitError) {
        guard options.isEmpty else {
            throw ExitError("run takes no arguments\n\n\(CommandLineInterface.usage)", status: 64)
        }
    }

    func run() async throws(ExitError) {
        let configuration = try loadConfiguration()
        guard configuration.botToken != nil else {
            printError("""
                No BOT_TOKEN is set, so Kopiyka starts its offline console: type a message such as
                "кава 85 грн картка" and press Enter; Ctrl-D ends it. To run the Telegram bot, create
                a bot with @BotFather and put BOT_TOKEN=… in ./bot.env (see bot.env.example).

                """)
            try ConsoleCommand(options: []).run()
            return
        }
        throw ExitError("the Telegram client is not built yet (issue 4); use `kopiyka console` meanwhile")
    }
}
