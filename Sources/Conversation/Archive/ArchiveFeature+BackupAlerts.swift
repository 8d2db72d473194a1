import KopiykaCore
import Ledger
import Localization

/// Word in private to the owners who asked for it (`/archive alerts on`) when the server's
/// daily backups keep failing, and again when they work: an owner on someone else's server
/// then knows to keep their own copy (`/export all`) until it is mended. The operator reads it
/// in the log either way.
extension ArchiveFeature {
    /// What `/archive` is asked: the weekly archive, or word of the server's backups, each
    /// turned on, off, or shown (nil).
    enum Request: Equatable {
        case weekly(Bool?)
        case backupAlerts(Bool?)
    }

    static let alertWords: Set<String> = ["alerts", "alert", "сповіщення", "уведомления"]

    /// `on`/`off`/nothing for the weekly archive, or the same after an alerts word; nil for
    /// anything else. Any of the three languages.
    static func request(_ argument: String) -> Request? {
        let words = argument.split(whereSeparator: \.isWhitespace)
        if let first = words.first, alertWords.contains(first.lowercased()) {
            return weeklySwitch(words.dropFirst().joined(separator: " ")).map(Request.backupAlerts)
        }
        return weeklySwitch(argument).map(Request.weekly)
    }

    /// `/archive alerts [on|off]`, for an owner in private (the caller checked both).
    func backupAlerts(_ choice: Bool?, member: Member, reply: Replier) throws {
        let l = localizer(member)
        if let choice { try ledger.archives.setBackupAlerts(memberID: member.id, on: choice) }
        switch choice {
        case true?: try reply(l("archive.alerts.started"))
        case false?: try reply(l("archive.alerts.stopped"))
        case nil: try reply(try backupAlertsState(member, l))
        }
    }

    /// The line `/archive` adds about the server's backups.
    func backupAlertsState(_ member: Member, _ l: Localizer) throws -> String {
        l(try ledger.archives.wantsBackupAlerts(memberID: member.id) ? "archive.alerts.on" : "archive.alerts.off")
    }

    /// Tells the owners who asked, once for a run of failures, that backups fail.
    func tellBackupsFail() throws {
        try tell(try ledger.archives.takeBackupFailureAudience(), "archive.alerts.failing")
    }

    /// Tells the owners who heard of the failures that backups work again.
    func tellBackupsWork() throws {
        try tell(try ledger.archives.takeBackupRecoveryAudience(), "archive.alerts.mended")
    }

    private func tell(_ memberIDs: [Int64], _ key: String) throws {
        for id in memberIDs {
            guard let member = try ledger.families.member(id: id) else { continue }
            try ledger.outbox.enqueue(.message(html: localizer(member)(key)), chatID: member.telegramUserID)
        }
    }
}

extension ConversationHandler {
    /// The server's daily backup failed for the second time in a row or later: the owners who
    /// asked hear it in private, each once until backups work again. One transaction.
    public func backupsFail() throws {
        try ledger.joiningTransaction { try ArchiveFeature(context).tellBackupsFail() }
    }

    /// A backup worked: the owners told of failures hear that backups work again.
    public func backupsWork() throws {
        try ledger.joiningTransaction { try ArchiveFeature(context).tellBackupsWork() }
    }
}
