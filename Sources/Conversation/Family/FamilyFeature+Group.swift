import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension FamilyFeature {
    /// A group message's writer as a member of the family the group keeps, while it is not
    /// paused; nil for anyone else, who hears why only when they addressed the bot (a command
    /// or a reply to it): with privacy mode off the bot sees all of a group's chatter.
    static func groupMember(_ call: MessageCall) throws -> (member: Member, isNewcomer: Bool)? {
        let family = FamilyFeature(call.context), message = call.message
        let addressed = call.command != nil || message.isReplyToBot
        let sender = family.catalog[family.language(of: message.sender)]
        guard let household = try family.ledger.families.household(familyChatID: message.chat.id) else {
            if addressed { try call.reply(sender("group.not_linked")) }
            return nil
        }
        guard let member = try family.ledger.families.member(telegramUserID: message.sender.id),
              member.householdID == household.id else {
            if addressed { try call.reply(sender("group.not_member")) }
            return nil
        }
        // Put back by someone outside the family: nothing of the household is said here.
        guard !household.familyChatPaused else {
            if addressed { try call.reply(family.localizer(member)("group.paused")) }
            return nil
        }
        return (member, false)
    }

    /// The family group while the household's words may go there: linked, not paused, and
    /// Telegram not refusing sends to it (the bot was kicked, and the news has not come yet).
    func feedChat(of household: Household) throws -> Int64? {
        guard let chat = household.familyChatID, !household.familyChatPaused, try !ledger.outbox.isChatBlocked(chat) else { return nil }
        return chat
    }

    /// The bot was added to a group. A family group stays its household's until the owner lets
    /// it go: a member who puts the bot back resumes it, anyone else gets a hint, links
    /// nothing, and leaves it paused. A group nobody keeps becomes the family chat of the
    /// member who added the bot; moving a family's chat elsewhere is the owner's call. The
    /// owner hears of every change in private.
    func linkGroup(_ chat: ChatRef, addedBy sender: Sender) throws {
        let wasBlocked = try ledger.outbox.isChatBlocked(chat.id)
        try ledger.outbox.setChatBlocked(chat.id, false)  // Back in the group: sends go through again.
        let member = try ledger.families.member(telegramUserID: sender.id)
        let l = member.map(localizer) ?? catalog[language(of: sender)]
        let say = { (html: String) in _ = try self.ledger.outbox.enqueue(.message(html: html), chatID: chat.id, threadID: chat.threadID) }
        if let keeper = try ledger.families.household(familyChatID: chat.id) {
            guard let member, member.householdID == keeper.id else {
                try ledger.outbox.abandonChat(chat.id)
                try ledger.families.setFamilyChatPaused(true, chatID: chat.id)
                try say(l("group.link_refused.taken"))
                try tellOwner(keeper) { $0("family.group.outsider") }
                return
            }
            guard keeper.familyChatPaused || wasBlocked else { return try say(familyLocalizer(keeper)("group.linked")) }
            try ledger.families.setFamilyChatPaused(false, chatID: chat.id)
            try say(familyLocalizer(keeper)("group.restored"))
            try tellOwner(keeper) { $0("family.group.restored", ["name": .text(member.name.htmlEscaped)]) }
            return
        }
        guard let member else { return try say(l("group.link_refused")) }
        let household = try household(of: member)
        if household.familyChatID != nil {
            guard member.role == .owner else { return try say(l("group.link_refused.not_owner")) }
            try sayGoodbye(to: household)
        }
        try ledger.families.linkFamilyChat(chat.id, threadID: chat.threadID, householdID: household.id)
        try say(familyLocalizer(household)("group.linked"))
        try tellOwner(household) { $0("family.group.linked", ["name": .text(member.name.htmlEscaped)]) }
    }

    /// The bot was removed from a group. What was queued for it is given up; a family group
    /// keeps its link, paused, and its owner hears why the family's entries stop going there.
    func groupRemoved(chatID: Int64) throws {
        try ledger.outbox.abandonChat(chatID)
        guard let keeper = try ledger.families.household(familyChatID: chatID), !keeper.familyChatPaused else { return }
        try ledger.families.setFamilyChatPaused(true, chatID: chatID)
        try tellOwner(keeper) { $0("family.group.removed") }
    }

    /// The owner lets the family group go (`/family`): another household may link it next.
    func unlinkGroup(of household: Household) throws {
        guard let chat = household.familyChatID else { return }
        try sayGoodbye(to: household)
        try ledger.families.unlinkFamilyChat(chat)
    }

    /// Tells a family group that is about to stop being one, when the bot is there to say it.
    private func sayGoodbye(to household: Household) throws {
        guard let chat = try feedChat(of: household) else { return }
        try ledger.outbox.enqueue(.message(html: familyLocalizer(household)("group.unlinked")), chatID: chat, threadID: household.familyThreadID)
    }

    /// A private word to the household's owner.
    func tellOwner(_ household: Household, _ text: (Localizer) -> String) throws {
        guard let owner = try ledger.families.members(householdID: household.id).first(where: { $0.role == .owner }) else { return }
        try ledger.outbox.enqueue(.message(html: text(localizer(owner))), chatID: owner.telegramUserID)
    }
}
