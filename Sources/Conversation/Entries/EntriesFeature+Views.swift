import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The messages that show entries (a confirmation, a list): drawn with their buttons, and
/// drawn again wherever they are whenever one of their entries changes.
extension EntriesFeature {
    /// A renderer for views in `chatID`, in the language of whoever reads that chat.
    func viewRenderer(chatID: Int64, household: Household) throws -> EntryViewRenderer {
        let reader = try ledger.families.member(telegramUserID: chatID)
        let l = reader.map(localizer) ?? familyLocalizer(household)
        return EntryViewRenderer(entries: self, l: l, householdID: household.id, viewer: try neighbours.viewer(context, chatID, household),
                                 today: today(of: household))
    }

    /// Re-renders the messages that show one of these entries, and the family posts, in the
    /// household's chats as they are now (not a group another household linked since, nor the
    /// chat of someone who left).
    func refresh(entryIDs: [Int64], household: Household) throws {
        let chats = try neighbours.chats(context, household)
        for view in try ledger.entryViews.showing(entryIDs) where chats.contains(view.chatID) { try redraw(view, household: household) }
        try neighbours.redrawPosts(context, entryIDs, household)
    }

    /// Re-renders one message that shows entries, with its entries' buttons or a menu.
    func redraw(_ view: EntryView, household: Household, menu: EntryViewRenderer.Menu = .entries) throws {
        let shown = try viewRenderer(chatID: view.chatID, household: household).render(view.kind, entryIDs: view.entryIDs, menu: menu)
        let html = [view.header, shown.html].compactMap { $0 }.joined(separator: "\n")
        try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: view.outboxID, html: html, buttons: shown.buttons), chatID: view.chatID)
    }

    /// Queues a message that shows entries with their buttons, and remembers it as their view.
    @discardableResult
    func show(_ kind: EntryView.Kind, entryIDs: [Int64], household: Household, reply: Replier,
              header: String? = nil, stored: [Entry] = []) throws -> Int64 {
        let shown = try viewRenderer(chatID: reply.chat.id, household: household).render(kind, entryIDs: entryIDs, stored: stored)
        let outboxID = try reply([header, shown.html].compactMap { $0 }.joined(separator: "\n"), buttons: shown.buttons)
        try ledger.entryViews.record(kind, outboxID: outboxID, entryIDs: entryIDs, header: header)
        return outboxID
    }
}
