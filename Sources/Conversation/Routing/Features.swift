/// The conversation's features, in one list. A new feature is added here once; a command, a
/// button, a kind of message or a job it adds later touches only its own folder (and `Locales/`).
public enum Features {
    static let commands: [KnownCommand] = ReportsFeature.commands + BudgetsFeature.commands
        + EntriesFeature.commands + RulesFeature.commands
        + ExportsFeature.commands + FamilyFeature.commands + WelcomeFeature.commands + AccountsFeature.commands
        + StatementsFeature.commands + SavingsFeature.commands + MonobankFeature.commands
        + ReportsFeature.healthCommands + RecurringFeature.commands
        + QuickFeature.commands + ArchiveFeature.commands

    static let buttons: [ButtonNamespace] = [
        WelcomeFeature.buttons, AmountQuestionsFeature.buttons, EntriesFeature.entryButtons, RulesFeature.buttons, FamilyFeature.buttons,
        AccountsFeature.buttons, AccountsFeature.transferButtons, StatementsFeature.buttons, StatementsFeature.matchButtons,
        StatementsFeature.bankAccountButtons,
        MonobankFeature.buttons, RecurringFeature.buttons, QuickFeature.buttons,
    ]

    public static let jobs: [JobSource] = [ScheduleFeature.jobs, ExportsFeature.jobs, StatementsFeature.jobs, RecurringFeature.jobs,
                                   ArchiveFeature.jobs]

    /// Who takes a message, first to last: each is offered the messages of the kinds it names
    /// (`MessageKind`) until one takes it. Claims that read only the sender come before those
    /// that read a member: a private chat's newcomer is welcomed, a group's writer must be of
    /// the family it keeps, just before the first of those. Words read as an entry
    /// (`.entryText`: what `entries.text`, `/add` and a caption pass on) go through the same
    /// list, from `recurring.create` down to `entries`, the last fallback.
    public static let claims: [MessageClaim] = [
        FamilyFeature.invitationClaim,             // private: /start join_…
        MonobankFeature.tokenBySenderClaim,        // group, a group's file, an edit: a bank token
        MonobankFeature.groupCommandClaim,         // group: /monobank
        MonobankFeature.tokenClaim,                // private, a private file: a bank token
        CommandRoute.slash,                        // private, group: /command
        ArchiveFeature.passphraseClaim,            // private: the passphrase asked for
        MonobankFeature.instructionsReplyClaim,    // private: a reply to the token instructions
        CorrectionsFeature.replyClaim,             // private, group: a reply to shown entries
        AccountsFeature.replyClaim,                // private: a reply to an account question or transfer
        StatementsFeature.splitClaim,              // private: a reply to ✂️'s question
        RecurringFeature.replyClaim,               // private, group: a reply to a bill's question
        CommandRoute.word,                         // private: звіт, допомога
        WelcomeFeature.greetedClaim,               // private: a newcomer's empty first message
        AccountsFeature.waitingClaim,              // private: the answer to a waiting account question
        AccountsFeature.editClaim,                 // edit: of a transfer
        EntriesFeature.editClaim,                  // edit: of anything else
        ArchiveFeature.fileClaim,                  // a private file: a family archive
        StatementsFeature.fileClaim,               // a private file: a bank statement
        EntriesFeature.captionClaim,               // a private file: a caption that reads as an entry
        EntriesFeature.fileHintClaim,              // a private file: a hint at what works
        EntriesFeature.textClaim,                  // private, group: words of an entry, below
        RecurringFeature.createClaim,              // words: netflix 299 щомісяця
        AccountsFeature.transferClaim,             // words: зняв готівку 2000
        SavingsFeature.valueClaim,                 // words: депозит 52 000
        ReportsFeature.questionClaim,              // words: скільки витратили на кафе?
        EntriesFeature.recordClaim,                // words: кава 85
    ]

    /// `claims` with `extra` just before the claim named `name` (at the end when none is): a
    /// feature's place in the list, for a test that composes one.
    static func claims(inserting extra: MessageClaim, before name: String) -> [MessageClaim] {
        var list = claims
        list.insert(extra, at: list.firstIndex { $0.name == name } ?? list.endIndex)
        return list
    }
}
