import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Posts members' entries to the family group: `Оля · кава 85 ₴ · Кафе · картка`.
///
/// In the batched mode (the default) a member's entries within a few minutes are one post,
/// edited as more arrive, so a shopping trip is one message, not ten notifications. Private
/// entries (`#приватно`) are counted in the digest's totals but never posted one by one.
struct FamilyBroadcaster {
    let family: FamilyFeature

    /// Why 5 minutes: long enough for a checkout's worth of entries, short enough that the
    /// family sees them while they are news.
    static let batchWindow: TimeInterval = 5 * 60

    func post(_ entries: [Entry], by member: Member, household: Household) throws {
        guard let chat = try family.feedChat(of: household), household.broadcastMode != .digest else { return }
        let visible = entries.filter { !$0.isPrivate }
        guard !visible.isEmpty else { return }
        let ledger = family.ledger
        let render = { (entries: [Entry]) in try self.render(entries, household: household) }
        let since = family.clock.now().addingTimeInterval(-Self.batchWindow)
        if household.broadcastMode == .batched,
           let open = try ledger.families.openFamilyPost(memberID: member.id, chatID: chat, since: since) {
            // As `refresh` draws it: an entry edited into a private one since stays out.
            let earlier = try open.entryIDs.compactMap { try ledger.entries.entry(id: $0) }.filter { !$0.isPrivate }
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: open.outboxID, html: try render(earlier + visible)),
                               chatID: chat, threadID: household.familyThreadID)
            try ledger.families.addToFamilyPost(open.postID, entryIDs: visible.map(\.id))
        } else {
            let outboxID = try ledger.outbox.enqueue(.message(html: try render(visible)), chatID: chat, threadID: household.familyThreadID)
            _ = try ledger.families.recordFamilyPost(member: member, chatID: chat, outboxID: outboxID, entryIDs: visible.map(\.id))
        }
    }

    /// Where a batch of bank rows came from: a statement file (📄) or a poll of the feed (🏦).
    enum BankBatch: String { case statement, feed }

    /// Entries a bank's rows made, as one new post whatever their number (`📄 Оля: 54 нові
    /// операції · 12 430 ₴`, then the first few lines): a statement of 54 rows is one message,
    /// not 54. Private entries stay out; nothing goes in the daily-summary mode. The spending
    /// sums what has a rate to the household's currency.
    /// Cost: the batch's entries once, and one message.
    func postBank(_ entries: [Entry], source: BankBatch, by member: Member, household: Household) throws {
        guard let chat = try family.feedChat(of: household), household.broadcastMode != .digest else { return }
        let visible = entries.filter { !$0.isPrivate }
        guard !visible.isEmpty else { return }
        let l = family.familyLocalizer(household)
        let spent = visible.filter { $0.kind == .expense }.reduce(into: Optional(Int64(0))) { sum, entry in
            guard let total = sum, let base = entry.baseMinor else { return }
            let (next, overflow) = total.addingReportingOverflow(base)
            sum = overflow ? nil : next
        }
        var lines = [l("family.bank_post.\(source.rawValue)", [
            "name": .text(member.name.clipped(to: EntryLine.nameLimit).htmlEscaped), "count": .number(visible.count),
            "amount": .money(Money(minorUnits: spent ?? 0, currency: household.baseCurrency)),
        ])]
        let today = family.today(of: household)
        lines += visible.prefix(Self.bankLines).map { EntryLine(entry: $0, today: today).details(l) }
        if visible.count > Self.bankLines {
            lines.append(l("entry.summary.more", ["count": .number(visible.count - Self.bankLines)]))
        }
        // A summary, like the digest: not a post typed entries join or an edit redraws.
        try family.ledger.outbox.enqueue(.message(html: lines.joined(separator: "\n")), chatID: chat, threadID: household.familyThreadID)
    }

    /// Why 5: a feed poll's few rows are read in the post; a statement's are too many to.
    static let bankLines = 5

    /// Re-renders the family posts that show any of these entries, after a change: a deleted
    /// entry drops out of its post, a recategorized one shows its new category. Posts in a
    /// group that is no longer the family's (or is paused) stay as they were.
    func refresh(entryIDs: [Int64], household: Household) throws {
        guard let group = try family.feedChat(of: household) else { return }
        var seen: Set<Int64> = []
        for id in entryIDs {
            for post in try family.ledger.families.familyPosts(showing: id)
            where post.chatID == group && seen.insert(post.postID).inserted {
                let entries = try post.entryIDs.compactMap { try family.ledger.entries.entry(id: $0) }.filter { !$0.isPrivate }
                let html = entries.isEmpty ? family.familyLocalizer(household)("family.post.deleted") : try render(entries, household: household)
                try family.ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: post.outboxID, html: html),
                                           chatID: post.chatID, threadID: household.familyThreadID)
            }
        }
    }

    /// One line per entry, each with its author: `Оля · кава · 85 ₴ · Кафе · картка`; past
    /// 20 entries, how many more: the post is edited as entries come, and an edit must fit
    /// one message.
    func render(_ entries: [Entry], household: Household) throws -> String {
        let l = family.familyLocalizer(household)
        let today = family.today(of: household)
        let names = try family.ledger.families.memberNames(householdID: household.id)
        var lines = entries.prefix(EntriesFeature.listLimit).map {
            EntryLine(entry: $0, today: today).familyPost(l, author: names[$0.memberID] ?? "")
        }
        if entries.count > EntriesFeature.listLimit {
            lines.append(l("entry.summary.more", ["count": .number(entries.count - EntriesFeature.listLimit)]))
        }
        return lines.joined(separator: "\n")
    }
}
