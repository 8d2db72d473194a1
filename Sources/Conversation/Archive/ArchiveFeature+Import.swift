import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ArchiveFeature {
    /// How long a passphrase is waited for before the sealed archive is let go.
    static let promptLifetime: TimeInterval = 15 * 60

    /// Entries or transfers taken in one transaction: a row is a few index reads and writes
    /// (~30–50 µs in release on the 2 shared cores), so a slice holds the bot for well under
    /// 0.1 s; 100,000 entries in one transaction held every family for ~5 s.
    static let rowsPerSlice = 1_000

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

    /// The oldest archive file fetched, as a job that takes its next slice: a plain ZIP at
    /// once; a sealed one once its passphrase has opened it. None while the archive waits to
    /// be read apart (`settings.parsesArchivesApart`): the scheduler, which asks again while
    /// jobs end, would spin on it.
    func importJobs() throws -> [ScheduledJob] {
        for file in try ledger.archives.expiredRestores(before: clock.now().addingTimeInterval(-Self.promptLifetime)) {
            try expire(file)
        }
        guard let next = try ledger.archives.nextFetchedArchive(), try !waitsToBeRead(next) else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "archive", subject: next.id),
                             perform: { try self.read(next) }, giveUp: { try self.fail(next, .damaged) })]
    }

    /// Whether `file` waits for the caller who reads archives apart: not read yet, and not
    /// sealed (a sealed one's job asks for its passphrase). Cost: one short read.
    func waitsToBeRead(_ file: StatementImport) throws -> Bool {
        guard settings.parsesArchivesApart, context.archiveReading.reading(of: file.id) == nil else { return false }
        return try !ledger.archives.isSealedArchive(id: file.id)
    }

    /// The archive the job waits for, when it is not read yet: its bytes (once a passphrase
    /// opened a sealed one, the ZIP that took its place); nil for a sealed one whose passphrase
    /// has not come. Cost: one row read, and the file's bytes.
    func fileToParse() throws -> ArchiveFile? {
        guard let next = try ledger.archives.nextFetchedArchive(), context.archiveReading.reading(of: next.id) == nil,
              let (_, data) = try ledger.archives.archiveImport(id: next.id), !ArchiveSeal.isSealed(data) else { return nil }
        return ArchiveFile(importID: next.id, data: data)
    }

    /// Takes the archive's next slice, reading it first unless it was read before (here,
    /// unless `settings.parsesArchivesApart`); a sealed one asks for its passphrase. Only an
    /// owner begins an archive; one begun is taken whole while its sender is still in the
    /// family (a handover between slices leaves no half archive behind).
    func read(_ file: StatementImport) throws {
        let cache = context.archiveReading
        guard let member = try ledger.families.member(id: file.memberID), member.householdID == file.householdID,
              try member.role == .owner || ledger.statements.progress(file.id).nextRow > 0 else {
            cache.forget()
            return try ledger.statements.finishImport(file.id, problem: "left")
        }
        if cache.reading(of: file.id) == nil {
            guard let (_, data) = try ledger.archives.archiveImport(id: file.id) else { return }
            if ArchiveSeal.isSealed(data) {
                try ledger.archives.ask(memberID: member.id, purpose: .restore, importID: file.id)
                return try say(localizer(member)("archive.passphrase.restore"), about: file)
            }
            guard !settings.parsesArchivesApart else { return }
            cache.keep(ArchiveReading(ArchiveFile(importID: file.id, data: data)))
        }
        guard let reading = cache.reading(of: file.id) else { return }
        switch reading.outcome {
        case .failure(let refusal):
            cache.forget()
            try fail(file, refusal)
        case .success(let book):
            try takeSlice(of: book, file: file, member: member)
        }
    }

    /// Takes the slice the import's progress names, in the caller's transaction, and after the
    /// last one answers with what the archive took.
    func takeSlice(of book: ArchiveBook, file: StatementImport, member: Member) throws {
        var progress = try ledger.statements.progress(file.id)
        let index = progress.nextRow
        let cache = context.archiveReading
        cache.record(try ledger.archives.take(book.slice(index, rows: Self.rowsPerSlice), into: member), slice: index)
        guard index + 1 >= book.sliceCount(rows: Self.rowsPerSlice) else {
            progress.nextRow = index + 1
            return try ledger.statements.saveProgress(file.id, progress)
        }
        try ledger.statements.finishImport(file.id)
        try say(summary(cache.total, localizer(member)), about: file)
        cache.forget()
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
        if prompt.purpose != .restore, member.role != .owner {  // Handed the family over while asked.
            try ledger.archives.forgetPrompt(memberID: member.id)
            try reply(l("archive.weekly.owner_only"))
            return true
        }
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
            guard member.role == .owner, member.householdID == file.householdID else {  // Handed over, or left, while asked.
                try ledger.archives.forgetPrompt(memberID: member.id)
                try ledger.statements.finishImport(file.id, problem: "left")
                try reply(l("archive.import.not_owner"))
                return true
            }
            switch ArchiveSeal.open(data, passphrase: passphrase) {
            case .failure(.wrongPassphrase):
                try reply(l("archive.passphrase.wrong"))
            case .failure(.damaged):
                try ledger.archives.forgetPrompt(memberID: member.id)
                try fail(file, .damaged)
            case .success(let zip):
                // The archives job reads and takes it, a slice at a time; a restart finds the ZIP.
                try ledger.archives.forgetPrompt(memberID: member.id)
                try ledger.archives.keepOpened(file.id, zip: zip)
                if !settings.parsesArchivesApart { try read(file) }
            }
        }
        return true
    }
}

extension ConversationHandler {
    /// The archive the archives job waits for when `settings.parsesArchivesApart`: the caller
    /// reads it (`ArchiveReading(_:)`) where it holds no one up, and `keep`s the reading. Nil
    /// when there is none, it is read already, or it waits for its passphrase.
    public func archiveFileToParse() throws -> ArchiveFile? {
        try ArchiveFeature(context).fileToParse()
    }

    /// An archive read apart, for the job to take in slices.
    public func keep(_ reading: ArchiveReading) {
        archiveReading.keep(reading)
    }
}
