import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The family's own archive: `/export all` sends a member, in private, everything they may
/// see of the household as one ZIP (`ArchiveFiles`); that ZIP sent back to any Kopiyka
/// (`/import` explains how) recreates the household, each row once; an owner may have it
/// sent to them every week, sealed with a passphrase of theirs (`ArchiveSeal`).
struct ArchiveFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        // Answered, not listed: /help stays one screen, and /export's line names the archive.
        KnownCommand("import", section: nil, menuRank: nil, words: ["імпорт", "импорт", "import"]) { call in
            try call.reply(ArchiveFeature(call.context).localizer(call.member)("archive.import.how"))
        },
        KnownCommand("archive", section: .entries, helpRank: 94, menuRank: nil, words: ["архів", "архив", "archive"],
                     wordArguments: .readable { argument, _, _ in ArchiveFeature.request(argument) != nil }) { call in
            try ArchiveFeature(call.context).weekly(call.argument, member: call.member, reply: call.reply)
        },
    ]

    /// Looked at every second: an archive file is read as soon as it is fetched, a weekly
    /// archive sent as soon as it is due (one indexed read of a small table each).
    static let jobs = JobSource(name: "archives", every: .seconds(1), drains: true) { context in
        let feature = ArchiveFeature(context)
        return try feature.importJobs() + feature.weeklyJobs()
    }

    /// Why 20 MB: the most Telegram lets a bot download.
    static let sizeLimit: Int64 = 20 * 1024 * 1024

    /// A file whose name says it may be a family archive: a ZIP, or a sealed one.
    static func mayBeArchive(_ file: ReceivedFile) -> Bool {
        let name = file.name.lowercased()
        return name.hasSuffix(".zip") || name.hasSuffix(sealedSuffix)
    }

    static let sealedSuffix = ".kopiyka"

    /// `/export all`: the archive, sent to the member in private; in a group, a word there
    /// that it went to their private chat.
    func export(member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        let today = today(of: household)
        let book = try ledger.archives.book(householdID: household.id, for: member)
        let zip = try ArchiveFiles.zip(book, categories: ledger.archives.categories(), l, day: today)
        try ledger.outbox.enqueue(.document(fileName: "kopiyka-archive-\(today.iso).zip", data: Data(zip),
                                           caption: caption(book, l)), chatID: member.telegramUserID)
        if reply.chat.id != member.telegramUserID { try reply(l("archive.sent_in_private")) }
    }

    func caption(_ book: ArchiveBook, _ l: Localizer) -> String {
        l("archive.caption", ["count": .number(book.entries.count)])
    }
}
