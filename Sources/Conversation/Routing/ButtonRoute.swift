import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Pressed buttons, by the feature that owns the prefix of their data (`Features.buttons`).
struct ButtonRoute {
    let context: ConversationContext
    private var ledger: Ledger { context.ledger }

    /// A pressed button. It is always answered (or the person's client keeps spinning), and
    /// only a member of the right household, with the right role, changes anything.
    func receive(_ press: CallbackPress) throws {
        // A press in their private chat means they use the bot again, as writing does; and the
        // outbox holds every row of a blocked chat, the answer too.
        if press.chat?.kind ?? .privateChat == .privateChat { try ledger.outbox.setChatBlocked(press.sender.id, false) }
        let answer = try apply(press)
        try ledger.outbox.enqueue(.callbackAnswer(queryID: press.queryID, text: answer), chatID: press.chat?.id ?? press.sender.id)
    }

    /// What the button does, by the feature that owns its prefix; returns the short text its
    /// answer shows, if any.
    private func apply(_ press: CallbackPress) throws -> String? {
        let member = try ledger.families.member(telegramUserID: press.sender.id)
        if let chat = press.chat, chat.kind == .group, let refusal = try refusal(of: press, in: chat, member: member) {
            return refusal
        }
        let prefix = press.data.prefix { $0 != ":" }
        guard let member, let namespace = Features.buttons.first(where: { $0.prefixes.contains(String(prefix)) }) else { return nil }
        return try namespace.press(ButtonCall(context: context, press: press, member: member,
                                              localizer: WelcomeFeature(context).localizer(member)))
    }

    /// Why a press in a group changes nothing, if it does not. Anyone there can press any
    /// button, and a client can send any data: only a member of the family the group keeps,
    /// while it is not paused, pressing a button the message really carries, gets further
    /// (where each action checks its role).
    private func refusal(of press: CallbackPress, in chat: ChatRef, member: Member?) throws -> String? {
        let welcome = WelcomeFeature(context)
        let l = member.map(welcome.localizer) ?? context.catalog[welcome.language(of: press.sender)]
        guard let member, let household = try ledger.families.household(familyChatID: chat.id), household.id == member.householdID else {
            return l("group.not_member")
        }
        guard try FamilyFeature(context).feedChat(of: household) == chat.id else { return l("group.paused") }
        let buttons = try press.messageID.flatMap { try ledger.outbox.sentButtons(chatID: chat.id, messageID: $0) } ?? []
        guard buttons.joined().contains(where: { $0.data == press.data }) else { return l("button.stale") }
        return nil
    }
}
