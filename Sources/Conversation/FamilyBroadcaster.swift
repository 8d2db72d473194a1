import Foundation
import KopiykaCore
import Ledger
import Localization

/// Posts members' entries to the family group: `Оля · кава 85 ₴ · Кафе · картка`.
///
/// In the batched mode (the default) a member's entries within a few minutes are one post,
/// edited as more arrive, so a shopping trip is one message, not ten notifications. Private
/// entries (`#приватно`) are counted in the digest's totals but never posted one by one.
struct FamilyBroadcaster {
    let handler: ConversationHandler

    /// Why 5 minutes: long enough for a checkout's worth of entries, short enough that the
    /// family sees them while they are news.
    static let batchWindow: TimeInterval = 5 * 60

    func post(_ entries: [Entry], by member: Member, household: Household) throws {
        guard let chat = household.familyChatID, household.broadcastMode != .digest else { return }
        let visible = entries.filter { !$0.isPrivate }
        guard !visible.isEmpty else { return }
        let ledger = handler.ledger
        let l = handler.familyLocalizer(household)
        let today = handler.today(of: household)
        func render(_ entries: [Entry]) -> String {
            entries.map { EntryLine(entry: $0, today: today).familyPost(l, author: member.name) }.joined(separator: "\n")
        }
        let since = handler.clock.now().addingTimeInterval(-Self.batchWindow)
        if household.broadcastMode == .batched,
           let open = try ledger.openFamilyPost(memberID: member.id, chatID: chat, since: since) {
            let earlier = try open.entryIDs.compactMap { try ledger.entry(id: $0) }
            try ledger.enqueue(.edit(messageID: nil, ofOutboxID: open.outboxID, html: render(earlier + visible)),
                               chatID: chat, threadID: household.familyThreadID)
            try ledger.addToFamilyPost(open.postID, entryIDs: visible.map(\.id))
        } else {
            let outboxID = try ledger.enqueue(.message(html: render(visible)), chatID: chat, threadID: household.familyThreadID)
            _ = try ledger.recordFamilyPost(member: member, chatID: chat, outboxID: outboxID, entryIDs: visible.map(\.id))
        }
    }
}
