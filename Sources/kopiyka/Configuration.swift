import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The bot's settings, from environment variables and, when present, a `bot.env` file in the
/// working directory. A variable set in the environment wins over the file, as with every
/// dotenv loader, so `BOT_TOKEN=… kopiyka run` overrides a stale file.
struct Configuration {
    var botToken: String?
    var telegramAPIURL = "https://api.telegram.org"
    var monobankAPIURL = "https://api.monobank.ua"
    /// The NBU's exchange-rate directory; nil (`NBU_API_URL=off`): no official rates are fetched.
    var nbuAPIURL: String? = "https://bank.gov.ua"
    var databasePath = "./kopiyka.sqlite"
    var timeZone = ZoneRules.utc
    var defaultLanguage = Language.uk
    var logLevel = LogLevel.info
    /// Turns outbox pacing off: for a local Bot API server and benchmarks.
    var pacingDisabled = false
    /// Where the bot's daily backups go (`BACKUP_DIR`); nil (`off`): it makes none. Unset: a
    /// `backups` folder beside the database.
    var backupDirectory: String?
    /// The hour, in `BOT_TIMEZONE`, of the daily backup (`BACKUP_HOUR`).
    var backupHour = 4
    var backupRetention = BackupRetention()
    /// `LITESTREAM=1`: Litestream replicates the database and does its checkpoints; the bot
    /// makes none of its own.
    var litestream = false

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func load(environment: [String: String] = ProcessInfo.processInfo.environment,
                     envFile: String = "bot.env") throws(Invalid) -> Configuration {
        var values = (try? String(contentsOfFile: envFile, encoding: .utf8)).map(parseEnvFile) ?? [:]
        values.merge(environment) { _, fromEnvironment in fromEnvironment }
        return try Configuration(values)
    }

    init(_ values: [String: String]) throws(Invalid) {
        func value(_ key: String) -> String? {
            guard let text = values[key]?.trimmed, !text.isEmpty else { return nil }
            return text
        }
        botToken = value("BOT_TOKEN")
        if let url = value("TELEGRAM_API_URL") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw Invalid(description: "TELEGRAM_API_URL must start with http:// or https://")
            }
            telegramAPIURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let url = value("MONOBANK_API_URL") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw Invalid(description: "MONOBANK_API_URL must start with http:// or https://")
            }
            monobankAPIURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let url = value("NBU_API_URL") {
            if url.lowercased() == "off" {
                nbuAPIURL = nil
            } else {
                guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw Invalid(description: "NBU_API_URL must start with http:// or https://, or be off")
                }
                nbuAPIURL = url.hasSuffix("/") ? String(url.dropLast()) : url
            }
        }
        if let path = value("DATABASE_PATH") { databasePath = path }
        let zone = value("BOT_TIMEZONE") ?? "Europe/Kyiv"
        guard let timeZone = ZoneRules(identifier: zone) else {
            throw Invalid(description: "BOT_TIMEZONE \(zone) is not a time zone in \(ZoneRules.directory) "
                + "(try Europe/Kyiv; the tzdata package installs them)")
        }
        self.timeZone = timeZone
        if let code = value("DEFAULT_LANGUAGE") {
            guard let language = Language(rawValue: code.lowercased()) else {
                throw Invalid(description: "DEFAULT_LANGUAGE must be uk, ru or en, not \(code)")
            }
            defaultLanguage = language
        }
        if let level = value("LOG_LEVEL") {
            guard let parsed = LogLevel(rawValue: level.lowercased()) else {
                throw Invalid(description: "LOG_LEVEL must be debug, info, warning or error, not \(level)")
            }
            logLevel = parsed
        }
        pacingDisabled = ["1", "true", "yes"].contains(value("OUTBOX_PACING_DISABLED")?.lowercased() ?? "")
        litestream = ["1", "true", "yes"].contains(value("LITESTREAM")?.lowercased() ?? "")
        switch value("BACKUP_DIR") {
        case let folder? where folder.lowercased() == "off": backupDirectory = nil
        case let folder?: backupDirectory = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        case nil:
            let slash = databasePath.lastIndex(of: "/")
            backupDirectory = (slash.map { String(databasePath[..<$0]) } ?? ".") + "/backups"
        }
        func number(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(Invalid) -> Int {
            guard let text = value(key) else { return fallback }
            guard let number = Int(text), range.contains(number) else {
                throw Invalid(description: "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
            }
            return number
        }
        backupHour = try number("BACKUP_HOUR", in: 0...23, default: 4)
        backupRetention = BackupRetention(daily: try number("BACKUP_KEEP_DAILY", in: 1...366, default: 7),
                                          weekly: try number("BACKUP_KEEP_WEEKLY", in: 0...520, default: 4),
                                          monthly: try number("BACKUP_KEEP_MONTHLY", in: 0...1200, default: 12))
    }
}

/// `KEY=value` lines; `#` comments, blank lines, an optional `export ` and quotes are allowed.
func parseEnvFile(_ text: String) -> [String: String] {
    var values: [String: String] = [:]
    for rawLine in text.split(whereSeparator: \.isNewline) {
        var line = rawLine.trimmed
        if line.hasPrefix("export ") { line = String(line.dropFirst(7)) }
        guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
        let key = line[..<equals].trimmed
        var value = line[line.index(after: equals)...].trimmed
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            value = String(value.dropFirst().dropLast())
        }
        values[key] = value
    }
    return values
}
