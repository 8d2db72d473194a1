import KopiykaCore
import Ledger
import Localization

/// A token wherever a person writes one: a message, a command's words, a reply, an edit, a
/// caption; in a private chat or a group. The router asks `intercept` before any other feature
/// reads the text, so a text with a token is never parsed as an entry (`кава 85 <token>` once
/// lifted an amount from the token's digits), posted, answered with it, or stored anywhere but
/// sealed in `monobank_links`.
extension MonobankFeature {
    /// A token in a private text or a private file's caption, after its writer is welcomed.
    static let tokenClaim = MessageClaim("monobank.token", on: [.privateText, .privateFile]) { call in
        try MonobankFeature(call.context).intercept(call.message, member: call.member)
    }

    /// A token in a group (a text or a caption, from anyone) or in an edit anywhere.
    static let tokenBySenderClaim = MessageClaim("monobank.token.sender", on: [.groupText, .groupFile, .edit]) { call in
        try MonobankFeature(call.context).intercept(call.message)
    }

    /// Handles `message` when its text holds a token (`MonobankToken`) and returns true;
    /// returns false, having done nothing, when it holds none. One pass over the text.
    /// - In a private chat (`member` is its writer, looked up when nil): the token is taken as
    ///   their connection, as `/monobank` takes one, and the message deleted. So is an edit that
    ///   brings one in: the entries its message made stay as they were, since the token is no
    ///   amount of theirs and the message they would be re-read from is gone.
    /// - In a group, linked or not, whoever wrote it: nothing is taken (others saw the token),
    ///   the message is deleted where the bot may delete, and the writer is told in private
    ///   that a token goes only there; in the group, without the token, when the bot cannot
    ///   write to them in private.
    func intercept(_ message: IncomingMessage, member: Member? = nil) throws -> Bool {
        guard let token = MonobankToken.first(in: message.text) else { return false }
        switch message.chat.kind {
        case .privateChat:
            if let member = try member ?? ledger.families.member(telegramUserID: message.sender.id) {
                try take(token, message: message, member: member, reply: Replier(ledger: ledger, chat: message.chat))
            } else {
                try delete(message)
            }
        case .group:
            try delete(message)
            try warn(message.sender, in: message.chat)
        }
        return true
    }

    /// A group's token: its writer hears in private, when the bot may write there (a member,
    /// who has a private chat with the bot, that has not blocked it), that the token was seen
    /// and goes only there; anyone else hears `monobank.private_only` in the group.
    private func warn(_ sender: Sender, in group: ChatRef) throws {
        let member = try ledger.families.member(telegramUserID: sender.id)
        if let member, try !ledger.outbox.isChatBlocked(member.telegramUserID) {
            let chat = ChatRef(id: member.telegramUserID, kind: .privateChat)
            try Replier(ledger: ledger, chat: chat)(localizer(member)("monobank.token_in_group"))
        } else {
            let l = member.map(localizer) ?? catalog[language(of: sender)]
            try Replier(ledger: ledger, chat: group)(l("monobank.private_only"))
        }
    }
}
