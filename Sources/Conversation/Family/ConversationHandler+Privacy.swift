import KopiykaCore
import Ledger

/// Who reads what: a private entry (`#приватно`) shows, by note, amount or line, only to its
/// author in their private chat. Other members and the family group see it in totals only.
extension ConversationHandler {
    /// The reader of an answer to `member` in `chat`: themselves in their private chat, the
    /// group (everyone else) anywhere else.
    func viewer(in chat: ChatRef, _ member: Member) -> Viewer {
        chat.kind == .privateChat && chat.id == member.telegramUserID ? .member(member.id) : .group
    }

    /// The reader of `chatID` when one of `household`'s messages there is drawn again: the
    /// member whose private chat it is, or the group.
    func viewer(ofChat chatID: Int64, household: Household) throws -> Viewer {
        guard let reader = try ledger.families.member(telegramUserID: chatID), reader.householdID == household.id else { return .group }
        return .member(reader.id)
    }
}
