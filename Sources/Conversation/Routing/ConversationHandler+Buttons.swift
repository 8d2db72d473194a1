import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// A pressed button. It is always answered (or the person's client keeps spinning), and
    /// only a member of the right household, with the right role, changes anything.
    func receive(_ press: CallbackPress) throws {
        // A press in their private chat means they use the bot again, as writing does; and the
        // outbox holds every row of a blocked chat, the answer too.
        if press.chat?.kind ?? .privateChat == .privateChat { try ledger.outbox.setChatBlocked(press.sender.id, false) }
        let answer = try apply(press)
        try ledger.outbox.enqueue(.callbackAnswer(queryID: press.queryID, text: answer), chatID: press.chat?.id ?? press.sender.id)
    }

    /// What the button does; returns the short text its answer shows, if any.
    private func apply(_ press: CallbackPress) throws -> String? {
        let member = try ledger.families.member(telegramUserID: press.sender.id)
        if let chat = press.chat, chat.kind == .group, let refusal = try refusal(of: press, in: chat, member: member) {
            return refusal
        }
        guard let data = CallbackData(press.data), let member else { return nil }
        let l = localizer(member)
        switch data {
        case .language(let language):
            try ledger.families.setLanguage(language.rawValue, memberID: member.id)
            guard let updated = try ledger.families.member(id: member.id) else { return nil }
            // In a group the chooser stays for the others: the language is the presser's own.
            if press.chat?.kind != .group { try edit(press, html: welcomeText(updated), buttons: languageButtons()) }
            return localizer(updated)("language.changed")
        case .removeMember(let id), .makeOwner(let id):
            guard member.role == .owner, let target = try ledger.families.member(id: id), target.householdID == member.householdID,
                  target.id != member.id
            else { return l("family.not_allowed") }
            let household = try household(of: member)
            let answer: String
            if case .removeMember = data {
                _ = try ledger.families.detachMember(target)
                try ledger.outbox.enqueue(.message(html: localizer(target)("family.removed")), chatID: target.telegramUserID)
                answer = l("family.removed.done", ["name": .text(target.name)])
            } else {
                try ledger.families.setRole(.owner, memberID: target.id)
                try ledger.families.setRole(.member, memberID: member.id)
                try tellFamily(household, except: target) { $0("family.owner_changed", ["name": .text(target.name.htmlEscaped)]) }
                try ledger.outbox.enqueue(.message(html: localizer(target)("family.owner_changed.you")), chatID: target.telegramUserID)
                answer = l("family.owner_changed", ["name": .text(target.name)])
            }
            try refreshFamilyView(press, member: member)
            return answer
        case .categoryChoices, .setCategory, .entryButtons, .deleteEntry, .restoreEntry, .switchKind:
            return try applyEntryButton(data, press: press, member: member)
        case .leave(let id, let confirmed):
            guard id == member.id else { return l("family.leave.not_yours") }
            var member = member
            let text = confirmed ? try leave(&member) : l("family.leave.cancelled")
            try edit(press, html: text, buttons: [])
            return nil
        case .removeRule(let id):
            try ledger.entries.deleteCategoryRule(id: id, householdID: member.householdID)
            let view = try rulesView(member)
            try edit(press, html: view.html, buttons: view.buttons)
            return l("rules.removed")
        case .chooseAmount(let questionID, let reading):
            return try chooseAmount(questionID: questionID, reading: reading, press: press, member: member)
        case .broadcastMode(let raw):
            guard let mode = BroadcastMode(rawValue: raw), member.role == .owner else { return l("family.not_allowed") }
            try ledger.families.setBroadcastMode(mode, householdID: member.householdID)
            try refreshFamilyView(press, member: member)
            return l("family.mode", ["mode": .text(l("family.mode.\(mode.rawValue)"))])
        case .revokeInvitation(let code):
            let answer = try revokeInvitation(code, member: member)
            try refreshFamilyView(press, member: member)
            return answer
        case .unlinkGroup:
            guard member.role == .owner else { return l("family.not_allowed") }
            try unlinkGroup(of: household(of: member))
            try refreshFamilyView(press, member: member)
            return l("family.unlinked.done")
        }
    }

    /// Why a press in a group changes nothing, if it does not. Anyone there can press any
    /// button, and a client can send any data: only a member of the family the group keeps,
    /// while it is not paused, pressing a button the message really carries, gets further
    /// (where each action checks its role).
    private func refusal(of press: CallbackPress, in chat: ChatRef, member: Member?) throws -> String? {
        let l = member.map(localizer) ?? catalog[language(of: press.sender)]
        guard let member, let household = try ledger.families.household(familyChatID: chat.id), household.id == member.householdID else {
            return l("group.not_member")
        }
        guard try feedChat(of: household) == chat.id else { return l("group.paused") }
        let buttons = try press.messageID.flatMap { try ledger.outbox.sentButtons(chatID: chat.id, messageID: $0) } ?? []
        guard buttons.joined().contains(where: { $0.data == press.data }) else { return l("button.stale") }
        return nil
    }

    private func refreshFamilyView(_ press: CallbackPress, member: Member) throws {
        guard let member = try ledger.families.member(id: member.id) else { return }
        let view = try familyView(member, household: try household(of: member), showControls: true)
        try edit(press, html: view.html, buttons: view.buttons)
    }

    /// Rewrites the message the button was under.
    func edit(_ press: CallbackPress, html: String, buttons: [[OutboxButton]]) throws {
        guard let chat = press.chat, let messageID = press.messageID else { return }
        try ledger.outbox.enqueue(.edit(messageID: messageID, ofOutboxID: nil, html: html, buttons: buttons), chatID: chat.id)
    }
}
