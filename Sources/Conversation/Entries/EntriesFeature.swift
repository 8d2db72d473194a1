import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Entries: what a message records (`кава 85`), an edited message read again, the messages
/// that show entries with their buttons, and `/add`, `/today`, `/week`, `/history`, `/undo`.
struct EntriesFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("today", section: .reports, helpRank: 30, menuRank: 3, words: ["сьогодні", "сегодня", "today"]) { call in
            try EntriesFeature(call.context).recent(days: 1, titleKey: "today.title", member: call.member, reply: call.reply)
        },
        KnownCommand("week", section: .reports, helpRank: 40, menuRank: 4, words: ["тиждень", "неделя", "week"]) { call in
            try EntriesFeature(call.context).recent(days: 7, titleKey: "week.title", member: call.member, reply: call.reply)
        },
        KnownCommand("history", section: .reports, helpRank: 50, menuRank: 5, words: ["історія", "история", "history"]) { call in
            try EntriesFeature(call.context).history(call.argument, member: call.member, reply: call.reply)
        },
        KnownCommand("undo", section: .entries, helpRank: 60, menuRank: 6, words: ["скасувати", "отменить", "undo"]) { call in
            try EntriesFeature(call.context).undo(call.member, reply: call.reply)
        },
        // No words: alone «додати» means nothing.
        KnownCommand("add", section: .family, helpRank: 130, menuRank: 8, aliases: ["dodaty", "dobavit"]) { call in
            try EntriesFeature(call.context).record(call.argument, message: call.message, member: call.member, reply: call.reply)
        },
    ]

    static let entryButtons = ButtonNamespace.of(EntryButton.self) { button, call in
        try EntriesFeature(call.context).press(button, press: call.press, member: call.member)
    }

    /// Unaddressed group text is an entry only with confidence: it parses, and each entry has a
    /// category, merchant, currency or account word beside its one plausible amount (a learned
    /// rule counts). Anything else is chatter and gets no answer at all.
    func readsAsEntry(_ text: String, household: Household) -> Bool {
        let today = today(of: household)
        guard case .success(let entries) = parse(text, household: household, today: today),
              entries.allSatisfy({ $0.readings.isEmpty }) else { return false }
        return entries.allSatisfy { $0.account != nil || ![.other, .otherIncome].contains($0.category) }
            || parser.readsAsEntry(text, today: today)
    }
}
