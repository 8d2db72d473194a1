import KopiykaCore
import Ledger

/// Who reads what: a private entry (`#приватно`) shows, by note, amount or line, only to its
/// author in their private chat. Other members and the family group see it in totals only
/// (`Feature.viewer(in:_:)` for an answer).
extension FamilyFeature {
    /// The reader of `chatID` when one of `household`'s messages there is drawn again: the
    /// member whose private chat it is, or the group.
    func viewer(ofChat chatID: Int64, household: Household) throws -> Viewer {
        guard let reader = try ledger.families.member(telegramUserID: chatID), reader.householdID == household.id else { return .group }
        return .member(reader.id)
    }
}
