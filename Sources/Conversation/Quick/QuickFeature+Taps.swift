import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension QuickFeature {
    /// A press under `/quick`. `QuickButton.refusal(for:)` has let through only the household's
    /// members (a frequent entry) or the pin's member; here the rows are read as they are now:
    /// an entry of another household, or one the chat's reader may not see, records nothing.
    func press(_ button: QuickButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        let household = try household(of: member)
        let chat = press.chat ?? ChatRef(id: member.telegramUserID, kind: .privateChat)
        let viewer = viewer(in: chat, member)
        switch button {
        case .usual(let entryID, _):
            guard let entry = try ledger.entries.entry(id: entryID) else { return l("quick.gone") }
            guard entry.householdID == household.id else { return l("entry.not_yours") }
            guard viewer.sees(entry) else { return l("entry.private") }
            let usual = QuickPin(kind: entry.kind, amount: entry.amount, category: entry.category, account: nil,
                                 note: entry.note, isPrivate: entry.isPrivate)
            try record(usual, member: member, household: household, chat: chat)
        case .pinned(let pinID, _):
            guard let pin = try ledger.quick.pin(id: pinID) else { return l("quick.gone") }
            guard pin.memberID == member.id else { return l("quick.pin.not_yours") }
            guard !pin.isPrivate || viewer == .member(member.id) else { return l("entry.private") }
            try record(pin, member: member, household: household, chat: chat)
        case .unpin(let pinID, _):
            guard try ledger.quick.remove(id: pinID, memberID: member.id) else { return l("quick.gone") }
            let shown = try view(member: member, household: household, chat: chat)
            try edit(press, html: shown?.html ?? l("quick.empty"), buttons: shown?.buttons ?? [])
            return l("quick.unpinned")
        }
        return nil
    }

    /// Records `entry` for `member`, dated today in the household's zone, through
    /// `EntriesFeature.save` as a typed entry is: confirmed in `chat` with its buttons, told to
    /// the family when `chat` is private, budgets announced. Its account is the one it names,
    /// else the one the member used most with its note within the window, else their default.
    func record(_ entry: QuickPin, member: Member, household: Household, chat: ChatRef) throws {
        let account = try entry.account ?? ledger.quick.usualAccount(memberID: member.id, householdID: household.id,
                                                                     note: entry.note, dates: window(household))
        let parsed = ParsedEntry(kind: entry.kind, amount: entry.amount, category: entry.category, account: account,
                                 date: today(of: household), note: entry.note, isPrivate: entry.isPrivate)
        // No text: nothing was written, and a frequent entry's words may be another member's.
        try EntriesFeature(context).save([parsed], text: "", source: EntrySource(chatID: chat.id), member: member,
                                         household: household, inPrivate: chat.kind == .privateChat,
                                         reply: Replier(ledger: ledger, chat: chat))
    }
}
