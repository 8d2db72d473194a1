import Conversation
import Dispatch
import FoundationEssentials
import Glibc
import HTTP
import KopiykaCore
import Ledger
import Localization
import Monobank
import Synchronization
import TelegramClient

/// Runs the bot until a signal or a wrong token: start-up, polling, sending, shutdown.
public struct BotRunner: Sendable {
    public struct Configuration: Sendable {
        public var token: String
        public var apiURL: String
        /// Monobank's personal API (`MONOBANK_API_URL`); tests point it at a fake.
        public var monobankAPIURL = "https://api.monobank.ua"
        public var databasePath: String
        public var settings: ConversationSettings
        public var pacingDisabled: Bool
        /// How long a shutdown may spend flushing the outbox, before it only waits for the
        /// sends in flight (`OutboxDelivery.inFlightGrace`). Why 8 s: the two stay inside the
        /// systemd unit's 20 s; 3 s gave up on replies a slow Telegram had taken, and the next
        /// start sent them again.
        public var flushGrace: Duration = .seconds(8)
        /// The longest a source of timed jobs waits between looks (each has its own interval:
        /// a minute for the digest, a second for exports); tests shorten it.
        public var scheduleInterval: Duration = .seconds(30)
        /// How every loop reads time and waits (getMe's and the poller's backoff, the
        /// scheduler, the outbox sender's pacing and retries); tests shorten or move it.
        public var clock: BotClock = .system
        /// Where the NBU's exchange-rate directory is (`NBU_API_URL`); nil: rates are not fetched.
        public var nbuURL: String?
        /// How often the rate fetcher looks for days it lacks (`RateFetchSchedule`); tests shorten it.
        public var rateLookInterval: Duration = RateFetchSchedule.defaultLook
        /// The daily backup (`BACKUP_DIR`); nil: none.
        public var backups: BackupSettings?
        /// `LITESTREAM=1`: Litestream checkpoints the WAL; the bot makes no checkpoints of its own.
        public var litestream = false
        /// Faults only tests switch on (`KOPIYKA_FAULT_INJECTION`).
        public var faults: FaultInjection = .none
        /// A statement file's download: its longest wait, and how long it may go without a
        /// byte; past either it fails and is tried again (`BotAPI.download`). Tests shorten them.
        public var downloadTimeout = BotAPI.downloadTimeout
        public var downloadStall = BotAPI.downloadStall
        /// A Monobank call's longest wait; past it the call fails and its token backs off.
        public var monobankTimeout = MonobankAPI.defaultTimeout

        public init(token: String, apiURL: String, databasePath: String, settings: ConversationSettings,
                    pacingDisabled: Bool) {
            self.token = token
            self.apiURL = apiURL
            self.databasePath = databasePath
            self.settings = settings
            self.pacingDisabled = pacingDisabled
        }
    }

    public enum Exit: Equatable, Sendable {
        /// Stopped by a signal after finishing the update in hand.
        case stopped
        /// Telegram said the token is wrong: restarting cannot help.
        case unauthorized(String)
    }

    let configuration: Configuration
    public let core: BotCore
    let catalog: Catalog
    let log: TelegramLogger

    /// Opens the database first, so a bad file fails before any network traffic.
    public init(configuration: Configuration, catalog: Catalog, clock: WallClock, logger: TelegramLogger) throws {
        self.configuration = configuration
        self.catalog = catalog
        self.log = logger.redacting(token: configuration.token)
        core = try BotCore(databasePath: configuration.databasePath, catalog: catalog, clock: clock,
                           settings: configuration.settings, logger: log, faults: configuration.faults,
                           ownCheckpoints: !configuration.litestream)
    }

    /// Runs until the task is cancelled (SIGINT/SIGTERM cancel it) or the token is refused.
    public func run() async -> Exit {
        // The sender and the poller run on the core's thread, which makes their requests too.
        let http = core.http
        let api = BotAPI(token: configuration.token, baseURL: configuration.apiURL, http: http)
        let delivery = OutboxDelivery(core: core, api: api, pacing: configuration.pacingDisabled ? .unpaced : .telegram,
                                      logger: log, clock: configuration.clock)
        // Replies queued before a restart go out while we introduce ourselves.
        let sending = Task(executorPreference: http.executor) { await delivery.run() }

        guard let me = await introduce(api) else {
            sending.cancel()
            await sending.value
            return Task.isCancelled ? .stopped : .unauthorized(Self.tokenRefused)
        }
        await core.setBotUsername(me.username)
        log.info("running as @\(me.username ?? "?") against \(TokenRedaction.redact(configuration.apiURL))")
        await publishCommands(api)

        // The loops of timed jobs and of Telegram's files run there too, between updates: each
        // hands its work to the core, and a loop on the pool would wait for a free thread. The
        // banks' loops run on their own client's thread: their answers (a Monobank statement
        // is up to ~270 KB of JSON, 5–7 ms to decode) must not hold up replies.
        let thread = http.executor
        await core.readFilesApart()
        let scheduler = Task(executorPreference: thread) { await runScheduler() }
        let fetcher = Task(executorPreference: thread) { await runStatementFetching(api) }
        let reader = Task(executorPreference: thread) { await runReadingApart() }
        // Monobank's calls for different tokens run at once, and the NBU's beside them.
        let bankHTTP = CurlHTTPClient(maxConnections: MonobankPollPlanner.defaultCallLimit + 1, threadName: "kopiyka-bank")
        let monobank = Task(executorPreference: bankHTTP.executor) { await runMonobankFeed(bankHTTP) }
        let rates = Task(executorPreference: bankHTTP.executor) {
            if let nbuURL = configuration.nbuURL { await runOfficialRateFetching(bankHTTP, baseURL: nbuURL) }
        }
        let backups = Task(executorPreference: bankHTTP.executor) {
            if let settings = configuration.backups { await runBackups(settings) }
        }
        let exit = await withTaskExecutorPreference(http.executor) {
            await LongPoller(api: api, handler: core, logger: log, sleeper: configuration.clock.sleeper,
                             executor: http.executor).run()
        }
        scheduler.cancel()
        fetcher.cancel()
        reader.cancel()
        monobank.cancel()
        rates.cancel()
        backups.cancel()
        await monobank.value
        await rates.value
        await backups.value
        bankHTTP.shutdown()
        delivery.drain(by: .now + configuration.flushGrace)
        await sending.value
        switch exit {
        case .cancelled:
            log.info("stopped; \((try? await core.pendingOutboxCount()) ?? 0) messages wait in the outbox for the next start")
            return .stopped
        case .fatal(let reason):
            return .unauthorized(reason)
        }
    }

    static let tokenRefused = "Telegram refused the bot token (401 Unauthorized). Check BOT_TOKEN: copy it again from @BotFather."

    /// `getMe`, retried with backoff until it answers; nil for a refused token or cancellation.
    func introduce(_ api: BotAPI) async -> User? {
        var delay = Duration.seconds(1)
        while !Task.isCancelled {
            do {
                return try await api.getMe()
            } catch {
                switch BotAPIFailure(error) {
                case .unauthorized: return nil
                case .cancelled: return nil
                default:
                    log.warning("getMe failed (\(api.redact(String(describing: error)))); retrying in \(delay)")
                    try? await configuration.clock.sleeper.sleep(for: delay)
                    delay = min(delay * 2, .seconds(60))
                }
            }
        }
        return nil
    }

    /// The command menu in each language, and the default for everyone else.
    func publishCommands(_ api: BotAPI) async {
        for language in [nil] + Language.allCases {
            let l = catalog[language ?? configuration.settings.defaultLanguage]
            let commands = KnownCommand.menu.map {
                BotCommand(command: $0.name, description: l("command.description.\($0.name)"))
            }
            do {
                _ = try await api.setMyCommands(commands, languageCode: language?.rawValue)
            } catch {
                log.warning("setMyCommands(\(language?.rawValue ?? "default")) failed: \(api.redact(String(describing: error)))")
            }
        }
    }
}

extension BotCore {
    func pendingOutboxCount() throws -> Int { try ledger.outbox.pendingCount() }
}

/// Cancels the bot's task on SIGINT or SIGTERM: the poller finishes the update in hand, the
/// outbox flushes for a moment, and the process exits 0.
///
/// Install it first thing, before the database opens: a signal that comes before the task
/// exists is remembered, and cancels the task the moment it is handed over, instead of
/// killing the process with the signal's default action.
public final class SignalTrap: Sendable {
    private enum State {
        case waiting
        case stopRequested
        case guarding(Task<BotRunner.Exit, Never>)
    }

    private let state = Mutex(State.waiting)
    /// Kept only so the sources live as long as the trap; never mutated after `init`.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    public init(on signals: [Int32] = [SIGINT, SIGTERM]) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.stop() }
            source.resume()
            return source
        }
    }

    /// The task a signal cancels; cancelled at once if a signal already came.
    public func protect(_ task: Task<BotRunner.Exit, Never>) {
        let cancelNow = state.withLock { state -> Bool in
            if case .stopRequested = state { return true }
            state = .guarding(task)
            return false
        }
        if cancelNow { task.cancel() }
    }

    /// True once a signal came.
    public var stopRequested: Bool {
        state.withLock { if case .waiting = $0 { false } else { true } }
    }

    private func stop() {
        let task = state.withLock { state -> Task<BotRunner.Exit, Never>? in
            if case .guarding(let task) = state { return task }
            state = .stopRequested
            return nil
        }
        task?.cancel()
    }
}
