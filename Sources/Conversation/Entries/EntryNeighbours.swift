import EntryParsing
import KopiykaCore
import Ledger
import Localization

/// What entries ask of the rooms around them, and tell them. Entries builds no other feature:
/// the registry answers for those rooms (`Features.entryNeighbours`) and the context carries
/// it, so a room that needs entries calls Entries, never the other way round.
/// Each is called inside the event's transaction.
struct EntryNeighbours: Sendable {
    typealias Saved = (entries: [Entry], member: Member, household: Household, reply: Replier)

    /// A member's own account names, for the parser (accounts).
    let accountNames: @Sendable (ConversationContext, Member) throws -> AccountNames?
    /// Who reads a chat's entry views: its member, else the group (the family).
    let viewer: @Sendable (ConversationContext, _ chatID: Int64, Household) throws -> Viewer
    /// The household's chats as they are now: its members' and its family group (the family).
    let chats: @Sendable (ConversationContext, Household) throws -> Set<Int64>
    /// The family group's posts of these entries drawn again (the family).
    let redrawPosts: @Sendable (ConversationContext, _ entryIDs: [Int64], Household) throws -> Void
    /// The category a note of a kind suggests, with what the household taught (corrections).
    let suggestedCategory: @Sendable (ConversationContext, _ note: String, EntryKind, Household) -> CategoryKey
    /// A category set by hand, learned for the next such note (corrections).
    let learnCategory: @Sendable (ConversationContext, Entry, Household) throws -> Void
    /// Entries changed or made: any budget they pushed over a threshold is announced (budgets).
    let announceBudgets: @Sendable (ConversationContext, [Entry], Member, Household) throws -> Void
    /// New entries, before their confirmation: each linked to the bank row it is; returns what
    /// to ask after the confirmation, where several rows could be it (statements).
    let linkBankRows: @Sendable (ConversationContext, Saved) throws -> () throws -> Void
    /// New entries made in a private chat, told to the family group (the family).
    let postToFamily: @Sendable (ConversationContext, Saved) throws -> Void
    /// New entries, after the rest: one that repeats is offered as a recurring payment (recurring).
    let offerRecurring: @Sendable (ConversationContext, Saved) throws -> Void
}

extension EntriesFeature {
    /// The rooms entries ask and tell (`EntryNeighbours`).
    var neighbours: EntryNeighbours { context.entryNeighbours }
}
