import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ArchiveFeature {
    static let week: TimeInterval = 7 * 86_400
    static let minimumPassphrase = 8

    /// `on`, `off`, or nothing (how it stands), in any of the three languages.
    static func weeklySwitch(_ argument: String) -> Bool?? {
        switch argument.lowercased() {
        case "": .some(nil)
        case "on", "увімкнути", "включить", "так", "да": .some(true)
        case "off", "вимкнути", "выключить", "ні", "нет": .some(false)
        default: nil
        }
    }

    /// `/archive [on|off]`, in private, for an owner: says how the weekly archive (and word of
    /// the server's backups) stands, asks for a passphrase to turn it on, or turns it off;
    /// `/archive alerts [on|off]` is word of failing backups (`backupAlerts`).
    func weekly(_ argument: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard reply.chat.id == member.telegramUserID else {
            try reply(l("archive.weekly.private_only"))
            return
        }
        guard member.role == .owner else {
            try reply(l("archive.weekly.owner_only"))
            return
        }
        let choice: Bool?
        switch Self.request(argument) {
        case nil:
            try reply(l("archive.weekly.usage"))
            return
        case .backupAlerts(let alerts)?:
            try backupAlerts(alerts, member: member, reply: reply)
            return
        case .weekly(let weekly)?:
            choice = weekly
        }
        switch choice {
        case nil:
            let alerts = try backupAlertsState(member, l)
            if let next = try ledger.archives.nextWeekly(memberID: member.id) {
                let day = LocalDate(next, in: try household(of: member).timeZone)
                try reply(l("archive.weekly.on", ["date": .text(l.dayAndMonth(day))]) + "\n\n" + alerts)
            } else {
                try reply(l("archive.weekly.off") + "\n\n" + alerts)
            }
        case true?:
            try ledger.archives.ask(memberID: member.id, purpose: .weekly, importID: nil)
            try reply(l("archive.passphrase.choose", ["length": .number(Self.minimumPassphrase)]))
        case false?:
            try ledger.archives.stopWeekly(memberID: member.id)
            try ledger.archives.forgetPrompt(memberID: member.id)
            try reply(l("archive.weekly.stopped"))
        }
    }

    /// The passphrase for the weekly archive, said once: too short asks again; else its key is
    /// derived (scrypt, a tenth of a second) and kept sealed while it is asked for again.
    func chooseWeekly(_ passphrase: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard passphrase.count >= Self.minimumPassphrase else {
            try reply(l("archive.passphrase.short", ["length": .number(Self.minimumPassphrase)]))
            return
        }
        guard let key = ArchiveSeal.derive(passphrase) else {
            try ledger.archives.forgetPrompt(memberID: member.id)
            try reply(l("archive.weekly.failed"))
            return
        }
        try ledger.archives.ask(memberID: member.id, purpose: .confirm, importID: nil, pendingKey: key)
        try reply(l("archive.passphrase.repeat"))
    }

    /// The passphrase said again: the same turns the weekly archive on (the first goes out on
    /// the job's next turn); another asks for a new one from the start.
    func confirmWeekly(_ passphrase: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let first = try ledger.archives.pendingKey(memberID: member.id)
        guard let first, let again = ArchiveSeal.derive(passphrase, like: first), again.matches(first) else {
            try ledger.archives.ask(memberID: member.id, purpose: .weekly, importID: nil)
            try reply(l(first == nil ? "archive.weekly.failed" : "archive.passphrase.mismatch"))
            return
        }
        try ledger.archives.forgetPrompt(memberID: member.id)
        guard try ledger.archives.startWeekly(memberID: member.id, key: first, firstAt: clock.now())
        else {
            try reply(l("archive.weekly.failed"))
            return
        }
        try reply(l("archive.weekly.started"))
    }

    /// Weekly archives due now, one job each.
    func weeklyJobs() throws -> [ScheduledJob] {
        try ledger.archives.dueWeekly(at: clock.now()).map { memberID in
            ScheduledJob(key: AttemptKey(kind: "weekly-archive", subject: memberID),
                         perform: { try self.sendWeekly(memberID: memberID) },
                         giveUp: { try self.postponeWeekly(memberID: memberID) })
        }
    }

    /// Seals this week's archive with the owner's key and sends it to their private chat; the
    /// next is due a week after this one was (never in the past, after a long pause). An owner
    /// no longer (or a key the database can no longer open) stops it, and they are told.
    func sendWeekly(memberID: Int64) throws {
        guard let due = try ledger.archives.nextWeekly(memberID: memberID) else { return }
        guard let member = try ledger.families.member(id: memberID), member.role == .owner else {
            return try ledger.archives.stopWeekly(memberID: memberID)
        }
        let l = localizer(member)
        guard let key = try ledger.archives.weeklyKey(memberID: memberID) else {
            try ledger.archives.stopWeekly(memberID: memberID)
            try ledger.outbox.enqueue(.message(html: l("archive.weekly.key_lost")), chatID: member.telegramUserID)
            return
        }
        let household = try household(of: member)
        let today = today(of: household)
        let book = try ledger.archives.book(householdID: household.id, for: member)
        let zip = try ArchiveFiles.zip(book, categories: ledger.archives.categories(), l, day: today)
        guard let sealed = ArchiveSeal.seal(zip, with: key) else { throw WeeklyArchiveError.sealFailed }
        try ledger.outbox.enqueue(.document(fileName: "kopiyka-archive-\(today.iso)\(Self.sealedSuffix)", data: Data(sealed),
                                           caption: l("archive.weekly.caption", ["count": .number(book.entries.count)])),
                                  chatID: member.telegramUserID)
        var next = due.addingTimeInterval(Self.week)
        while next <= clock.now() { next = next.addingTimeInterval(Self.week) }
        try ledger.archives.setNextWeekly(memberID: memberID, at: next)
    }

    /// The owner handed the household over: their weekly archive stops (it is an owner's), and
    /// both hear it, the new owner with how to have one of their own. Nothing is said when the
    /// old owner had none.
    func ownershipHandedOver(from old: Member, to new: Member) throws {
        guard try ledger.archives.nextWeekly(memberID: old.id) != nil else { return }
        try ledger.archives.stopWeekly(memberID: old.id)
        try ledger.archives.forgetPrompt(memberID: old.id)
        try ledger.outbox.enqueue(.message(html: localizer(old)("archive.weekly.handed_over", ["name": .text(new.name.htmlEscaped)])),
                                  chatID: old.telegramUserID)
        try ledger.outbox.enqueue(.message(html: localizer(new)("archive.weekly.offer")), chatID: new.telegramUserID)
    }

    /// A weekly archive that kept failing: tried again in a day.
    func postponeWeekly(memberID: Int64) throws {
        try ledger.archives.setNextWeekly(memberID: memberID, at: clock.now().addingTimeInterval(86_400))
    }
}

enum WeeklyArchiveError: Error {
    case sealFailed
}
