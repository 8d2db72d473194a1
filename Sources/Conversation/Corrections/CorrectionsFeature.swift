/// Corrections: a reply to a message that shows entries changes them (`120`, `таксі`,
/// `вчора`, `видалити`); a category set so is learned for next time (`RulesFeature`).
struct CorrectionsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }
}
