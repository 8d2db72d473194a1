import FoundationEssentials
import KopiykaCore
import Localization

/// What the conversation needs to know about the deployment.
public struct ConversationSettings: Sendable {
    /// New households' time zone (`BOT_TIMEZONE`).
    public var timeZone: ZoneRules
    /// The language of a newcomer whose Telegram language is unknown (`DEFAULT_LANGUAGE`).
    public var defaultLanguage: Language
    /// New households' base currency.
    public var baseCurrency: Currency
    /// Our username from `getMe`, to accept `/cmd@username` in groups; nil in the console.
    public var botUsername: String?
    /// Statement files are parsed by the caller, away from the thread that answers
    /// (`ConversationHandler.statementFileToParse`, `keep`); the console parses them in the job.
    public var parsesStatementsApart = false
    /// Family archives likewise (`ConversationHandler.archiveFileToParse`, `keep`).
    public var parsesArchivesApart = false

    public init(timeZone: ZoneRules, defaultLanguage: Language = .uk, baseCurrency: Currency = .uah,
                botUsername: String? = nil) {
        self.timeZone = timeZone
        self.defaultLanguage = defaultLanguage
        self.baseCurrency = baseCurrency
        self.botUsername = botUsername
    }
}
