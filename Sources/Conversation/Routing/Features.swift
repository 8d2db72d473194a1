/// The conversation's features, in one list. A new feature is added here once; a command, a
/// button or a job it adds later touches only its own folder (and `Locales/`).
enum Features {
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

    static let jobs: [JobSource] = [ScheduleFeature.jobs, ExportsFeature.jobs, StatementsFeature.jobs, RecurringFeature.jobs,
                                   ArchiveFeature.jobs]
}
