import FoundationEssentials

/// Where a feature's timed jobs come from, and how often to look: the digest and the monthly
/// report every minute, the next export chunk every second, and later recurring payments and
/// bank polling. The bot's one scheduler (`BotRunner.runScheduler` in TelegramBot) asks every source in turn
/// and runs what it gives under the attempt rule; the console runs them directly.
public struct JobSource: Sendable {
    /// Names the source in the log: `schedule`, `exports`.
    public let name: String
    /// How often to look for due jobs; a source that fails waits longer, up to 30 s or
    /// `every`, whichever is longer.
    public let every: Duration
    /// Asked again at once while its jobs end (an export's chunks), rather than after `every`.
    public let drains: Bool
    /// Run by the console's and tests' `runSchedule`; false for work they step through
    /// themselves (an export's chunks by `runExportStep`, a statement's slices one by one).
    public let inConsoleSchedule: Bool
    /// The jobs due now, made from the event-free context; reads a row or two per household.
    let due: @Sendable (ConversationContext) throws -> [ScheduledJob]

    init(name: String, every: Duration, drains: Bool = false, inConsoleSchedule: Bool = true,
         due: @escaping @Sendable (ConversationContext) throws -> [ScheduledJob]) {
        self.name = name
        self.every = every
        self.drains = drains
        self.inConsoleSchedule = inConsoleSchedule
        self.due = due
    }
}
