import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ArchiveFeature {
    /// How long a passphrase is waited for before the sealed archive is let go.
    static let promptLifetime: TimeInterval = 15 * 60

    /// A private file that may be a family archive (a ZIP or a sealed one: the reader decides).
    static let fileClaim = MessageClaim.costlyFile("archive.file", mayBe: { mayBeArchive($0) }) { context, file, member, reply in
        try ArchiveFeature(context).receive(file, member: member, reply: reply)
    }

    /// Any private text while a passphrase is asked for (`answerPassphrase`).
    static let passphraseClaim = MessageClaim("archive.passphrase", on: [.privateText]) { call in
        try ArchiveFeature(call.context).answerPassphrase(call.message, member: call.member, reply: call.reply)
    }

    /// Takes an archive file sent in private: the owner of a household (or someone with a
    /// household of their own only) may bring one in; the bot's fetcher downloads it, and
    /// `importJobs` reads it.
    func receive(_ file: ReceivedFile, member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard member.role == .owner else {
            try reply(l("archive.import.not_owner"))
            return
        }
        guard (file.size ?? 0) <= Self.sizeLimit else {
            try reply(l("archive.problem.too_large"))
            return
        }
        let progress = try reply(l("archive.import.reading"))
        try ledger.statements.addImport(member: member, chatID: reply.chat.id, fileID: file.fileID, fileName: file.name,
                                        progressOutboxID: progress, isArchive: true)
    }

    /// The oldest archive file fetched, as a job: a plain ZIP is taken at once; a sealed one
    /// waits for its passphrase.
    func importJobs() throws -> [ScheduledJob] {
        for file in try ledger.archives.expiredRestores(before: clock.now().addingTimeInterval(-Self.promptLifetime)) {
            try expire(file)
        }
        guard let next = try ledger.archives.nextFetchedArchive() else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "archive", subject: next.id),
                             perform: { try self.read(next) }, giveUp: { try self.fail(next, .damaged) })]
    }

    func read(_ file: StatementImport) throws {
        guard let (_, data) = try ledger.archives.archiveImport(id: file.id) else { return }
        guard let member = try ledger.families.member(id: file.memberID), member.householdID == file.householdID,
              member.role == .owner else {
            return try ledger.statements.finishImport(file.id, problem: "left")
        }
        if ArchiveSeal.isSealed(data) {
            try ledger.archives.ask(memberID: member.id, purpose: .restore, importID: file.id)
            return try say(localizer(member)("archive.passphrase.restore"), about: file)
        }
        try take(data, file: file, member: member)
    }

    /// Takes the ZIP `data` into the member's household and answers with what it took.
    func take(_ data: [UInt8], file: StatementImport, member: Member) throws {
        switch ArchiveFiles.book(fromZip: data) {
        case .failure(let refusal):
            try fail(file, refusal)
        case .success(let book):
            let take = try ledger.archives.take(book, into: member)
            try ledger.statements.finishImport(file.id)
            try say(summary(take, localizer(member)), about: file)
        }
    }

    func fail(_ file: StatementImport, _ refusal: ArchiveRefusal) throws {
        try ledger.statements.finishImport(file.id, problem: refusal.rawValue)
        guard let member = try ledger.families.member(id: file.memberID) else { return }
        try say(localizer(member)("archive.problem.\(refusal.rawValue)"), about: file)
    }

    /// A sealed archive whose passphrase never came: its bytes go, and its member is told.
    func expire(_ file: StatementImport) throws {
        try ledger.statements.finishImport(file.id, problem: "expired")
        guard let member = try ledger.families.member(id: file.memberID) else { return }
        try say(localizer(member)("archive.passphrase.expired"), about: file)
    }

    func say(_ html: String, about file: StatementImport) throws {
        if let progress = file.progressOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress, html: html), chatID: file.chatID)
        } else {
            try ledger.outbox.enqueue(.message(html: html), chatID: file.chatID)
        }
    }

    /// What an archive brought: the rows taken by kind, those there already, those it could
    /// not take, and the people it names.
    func summary(_ take: ArchiveTake, _ l: Localizer) -> String {
        let kinds = ["entries", "transfers", "accounts", "savings", "budgets", "rates", "recurring", "rules", "quick"]
        var lines: [String] = []
        let taken = kinds.compactMap { kind in take.taken[kind].map { l("archive.taken.\(kind)", ["count": .number($0)]) } }
        lines.append(taken.isEmpty ? l("archive.import.nothing_new") : l("archive.import.done") + "\n" + taken.map { "• " + $0 }.joined(separator: "\n"))
        if take.already > 0 { lines.append(l("archive.import.already", ["count": .number(take.already)])) }
        let refused = kinds.compactMap { kind in take.refused[kind].map { l("archive.taken.\(kind)", ["count": .number($0)]) } }
        if !refused.isEmpty { lines.append(l("archive.import.refused") + "\n" + refused.map { "• " + $0 }.joined(separator: "\n")) }
        if !take.others.isEmpty {
            lines.append(l("archive.import.others", ["names": .text(take.others.map(\.htmlEscaped).joined(separator: ", "))]))
        }
        return lines.joined(separator: "\n\n")
    }

    /// A private message while a passphrase is asked for: taken as the passphrase and deleted,
    /// whatever it says. False, having done nothing, when none is asked for (or the question
    /// is too old: then it is forgotten, and a sealed archive waiting for it let go).
    func answerPassphrase(_ message: IncomingMessage, member: Member, reply: Replier) throws -> Bool {
        guard message.chat.kind == .privateChat, let prompt = try ledger.archives.prompt(memberID: member.id) else { return false }
        let l = localizer(member)
        guard clock.now().timeIntervalSince(prompt.askedAt) < Self.promptLifetime else {
            try ledger.archives.forgetPrompt(memberID: member.id)
            if let id = prompt.importID, let (file, _) = try ledger.archives.archiveImport(id: id) { try expire(file) }
            return false
        }
        if let id = message.messageID { try ledger.outbox.enqueue(.delete(messageID: id), chatID: message.chat.id) }
        let passphrase = message.text
        switch prompt.purpose {
        case .weekly:
            try chooseWeekly(passphrase, member: member, reply: reply)
        case .confirm:
            try confirmWeekly(passphrase, member: member, reply: reply)
        case .restore:
            guard let id = prompt.importID, let (file, data) = try ledger.archives.archiveImport(id: id) else {
                try ledger.archives.forgetPrompt(memberID: member.id)
                return false
            }
            switch ArchiveSeal.open(data, passphrase: passphrase) {
            case .failure(.wrongPassphrase):
                try reply(l("archive.passphrase.wrong"))
            case .failure(.damaged):
                try ledger.archives.forgetPrompt(memberID: member.id)
                try fail(file, .damaged)
            case .success(let zip):
                try ledger.archives.forgetPrompt(memberID: member.id)
                try take(zip, file: file, member: member)
            }
        }
        return true
    }
}
