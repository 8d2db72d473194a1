import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// Payments that come back: said in chat (`netflix 299 щомісяця`), listed and changed by
/// `/recurring`, recorded on their day (automatic) or reminded the day before and on the day
/// (bills), offered when an entry repeats for three months, and summed by `/subscriptions`.
struct RecurringFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("recurring", section: .entries, helpRank: 40, menuRank: 21, aliases: ["regular"],
                     words: ["регулярні", "регулярные", "recurring"]) { call in
            try RecurringFeature(call.context).list(member: call.member, household: call.household, chat: call.message.chat, reply: call.reply)
        },
        KnownCommand("subscriptions", section: .reports, helpRank: 45, menuRank: 22, aliases: ["pidpysky", "podpiski"],
                     words: ["підписки", "подписки", "subscriptions"]) { call in
            try RecurringFeature(call.context).subscriptions(member: call.member, household: call.household,
                                                             chat: call.message.chat, reply: call.reply)
        },
    ]

    static let buttons = ButtonNamespace.of(RecurringButton.self) { button, call in
        try RecurringFeature(call.context).press(button, call: call)
    }

    /// Looked at every minute: an automatic entry comes from 09:00, a reminder from 10:00.
    static let jobs = JobSource(name: "recurring", every: .seconds(60)) { context in
        try RecurringFeature(context).dueJobs()
    }

    /// How many missed occurrences one job records: a daily item after a long outage catches
    /// up a month at a time, in as many rounds as it needs.
    static let catchUpLimit = 31

    /// The item, if `member` may act on it: in their household, and theirs when private.
    func item(_ id: Int64, for member: Member) throws -> RecurringItem? {
        guard let item = try ledger.recurring.item(id: id), item.householdID == member.householdID,
              !item.isPrivate || item.memberID == member.id else { return nil }
        return item
    }

    /// The chat a member's own messages go to.
    func privateChat(of member: Member) -> Replier {
        Replier(ledger: ledger, chat: ChatRef(id: member.telegramUserID, kind: .privateChat))
    }
}
