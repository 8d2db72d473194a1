import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import SQLite
import TelegramBot
import TelegramClient

/// `kopiyka run` (and `kopiyka` alone): the Telegram bot when a token is set, else the console.
/// `kopiyka serve`: the Telegram bot only, for systemd and Docker. A service has nobody at its
/// console, so a missing or empty token there is a setting to fix (exit 78, which the unit does
/// not restart on), not an empty chat that ends at once with 0.
struct RunCommand {
    let isService: Bool

    init(options: [String], isService: Bool = false) throws(ExitError) {
        _ = try CommandLineInterface.arguments(options, of: isService ? "serve" : "run")
        self.isService = isService
    }

    static let noTokenForService = """
        BOT_TOKEN is missing or empty, so the bot cannot start. Put BOT_TOKEN=… from @BotFather in the \
        service's environment file (/etc/kopiyka/bot.env, or docker run --env-file bot.env).
        """

    func run() async throws(ExitError) {
        let configuration = try loadConfiguration()
        if isService, configuration.botToken == nil {
            throw ExitError(Self.noTokenForService, status: 78)
        }
        guard let token = configuration.botToken else {
            printError("""
                No BOT_TOKEN is set, so Kopiyka starts its offline console: type a message such as
                "кава 85 грн картка" and press Enter; Ctrl-D ends it. To run the Telegram bot, create
                a bot with @BotFather and put BOT_TOKEN=… in ./bot.env (see bot.env.example).

                """)
            try ConsoleCommand(options: []).run()
            return
        }
        // Before the catalog and the database load: a SIGTERM from here on stops the bot cleanly.
        let trap = SignalTrap()
        let app = App(configuration: configuration)
        let catalog = try app.loadCatalog()
        let log = app.log
        let logger = TelegramLogger { level, message in
            let mapped: LogLevel = switch level {
            case .debug: .debug
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
            log(mapped, message)
        }
        // The bot is the database's one writer: a second bot, or a restore, is refused until it ends.
        let lock: DatabaseLock
        do {
            lock = try DatabaseLock.acquire(databasePath: configuration.databasePath, purpose: "kopiyka \(isService ? "serve" : "run")")
        } catch {
            throw ExitError("cannot start: \(error)")
        }
        try app.checkDatabase()
        var setup = BotRunner.Configuration(
            token: token, apiURL: configuration.telegramAPIURL, databasePath: configuration.databasePath,
            settings: ConversationSettings(timeZone: configuration.timeZone, defaultLanguage: configuration.defaultLanguage),
            pacingDisabled: configuration.pacingDisabled)
        setup.monobankAPIURL = configuration.monobankAPIURL
        setup.faults = try Self.faultInjection(log: log)
        setup.nbuURL = configuration.nbuAPIURL
        setup.litestream = configuration.litestream
        if let folder = configuration.backupDirectory {
            setup.backups = BackupSettings(folder: folder, hour: configuration.backupHour,
                                           retention: configuration.backupRetention, zone: configuration.timeZone)
        }
        let runner: BotRunner
        do {
            runner = try BotRunner(configuration: setup, catalog: catalog, clock: app.clock, logger: logger)
        } catch let error as SQLiteError {
            throw App.exitError(error, path: configuration.databasePath)
        } catch {
            throw ExitError("cannot start: \(error)")
        }
        guard !trap.stopRequested else { return }
        let bot = Task { await runner.run() }
        trap.protect(bot)
        let exit = await bot.value
        withExtendedLifetime((trap, lock)) {}
        if case .unauthorized(let reason) = exit {
            throw ExitError(reason, status: 78)
        }
    }

    /// `KOPIYKA_FAULT_INJECTION`, for tests only (see `FaultInjection`); never silently on.
    static func faultInjection(log: Log) throws(ExitError) -> FaultInjection {
        guard let spec = ProcessInfo.processInfo.environment["KOPIYKA_FAULT_INJECTION"], !spec.isEmpty else { return .none }
        guard let faults = FaultInjection(spec) else {
            throw ExitError("KOPIYKA_FAULT_INJECTION must be trap-on-text:<marker>, throw-on-text:<marker>, "
                + "trap-in-job:<kind> or throw-in-job:<kind>; it is for tests only", status: 64)
        }
        log(.warning, "FAULT INJECTION IS ON (\(faults)): for tests only, never in production")
        return faults
    }
}
