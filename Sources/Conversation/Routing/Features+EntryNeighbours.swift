extension Features {
    /// Who answers for the rooms entries ask and tell (`EntryNeighbours`): the wiring between
    /// Entries and the features around it, in one place.
    static let entryNeighbours = EntryNeighbours(
        accountNames: { try AccountsFeature($0).accountNames($1) },
        viewer: { try FamilyFeature($0).viewer(ofChat: $1, household: $2) },
        chats: { try FamilyFeature($0).chats(of: $1) },
        redrawPosts: { try FamilyBroadcaster(family: FamilyFeature($0)).refresh(entryIDs: $1, household: $2) },
        suggestedCategory: { CorrectionsFeature($0).suggestedCategory($1, kind: $2, household: $3) },
        learnCategory: { try RulesFeature($0).learn(from: $1, household: $2) },
        announceBudgets: { try BudgetsFeature($0).announce(after: $1, member: $2, household: $3) },
        linkBankRows: { context, saved in
            let statements = StatementsFeature(context)
            let questions = try statements.linkTyped(saved.entries, household: saved.household)
            return {
                for question in questions {
                    try statements.askTypedMatch(question.entry, rows: question.rows, household: saved.household,
                                                 l: statements.localizer(saved.member), reply: saved.reply)
                }
            }
        },
        postToFamily: { try FamilyBroadcaster(family: FamilyFeature($0)).post($1.entries, by: $1.member, household: $1.household) },
        offerRecurring: { context, saved in
            try RecurringFeature(context).offerIfRepeating(saved.entries, member: saved.member, household: saved.household,
                                                           reply: saved.reply)
        })
}
