import KopiykaCore
import Ledger

/// Offers a message to the claims of its kind, in the order of the context's claims
/// (`Features.claims`), until one takes it. Claims that read the sender come before the first
/// that reads a member; there the writer becomes one (`member`), or the message ends.
/// Cost: one pass over the list, a closure call per claim of the kind; each claim reads its
/// own rows (most a row or two, only when the message could be theirs).
struct MessageRouter {
    let context: ConversationContext

    /// How the writer of a kind of message becomes a member: nil ends the message (having
    /// answered what is due, such as a group's hint to a stranger).
    typealias Membership = (MessageCall) throws -> (member: Member, isNewcomer: Bool)?

    /// Routes `call`; `membership` is asked at most once, at the first claim that reads a member,
    /// and the claims after it share one `MemberCall` (so the text is parsed once).
    func route(_ call: MessageCall, membership: Membership) throws {
        var asked = false, byMember: MemberCall?
        for claim in context.claims where claim.kinds.contains(call.kind) {
            switch claim.take {
            case .bySender(let take):
                if try take(call) { return }
            case .byMember(let take):
                if !asked {
                    asked = true
                    byMember = try membership(call).map { MemberCall(call, member: $0.member, isNewcomer: $0.isNewcomer) }
                }
                guard let byMember else { return }
                if try take(byMember) { return }
            }
        }
    }

    /// Reads `text` as words of an entry by `member` (the `.entryText` claims: a recurring
    /// payment, a transfer, a savings value, a question about figures, else entries), answered
    /// in `message`'s chat. For `/add`, a family group's entry, a caption, a private text.
    func readAsEntry(_ text: String, message: IncomingMessage, member: Member) throws {
        let call = MessageCall(context: context, kind: .entryText, message: message, text: text, command: nil, file: nil)
        try route(call) { _ in (member, false) }
    }

    /// A text message's call: trimmed, and read as a command when it is one.
    func call(_ kind: MessageKind, _ message: IncomingMessage) -> MessageCall {
        let text = message.text.trimmed
        return MessageCall(context: context, kind: kind, message: message, text: text,
                           command: Command(text, botUsername: context.settings.botUsername), file: nil)
    }

    /// A file's call: its caption is its text (empty without one), never a command.
    func call(_ kind: MessageKind, _ file: NonTextMessage) -> MessageCall {
        let message = file.captionMessage ?? IncomingMessage(chat: file.chat, sender: file.sender, text: "",
                                                             updateID: file.updateID, messageID: file.messageID)
        return MessageCall(context: context, kind: kind, message: message, text: message.text.trimmed, command: nil, file: file)
    }

    /// A private chat's writer: a newcomer is registered with a household of their own and
    /// welcomed, before any claim that reads a member answers.
    static func welcomed(_ call: MessageCall) throws -> (member: Member, isNewcomer: Bool)? {
        let welcome = WelcomeFeature(call.context)
        let (member, isNew) = try welcome.memberFor(call.message.sender)
        if isNew { try welcome.welcome(member, reply: call.reply) }
        return (member, isNew)
    }

    /// Someone already a member, for kinds that register nobody (an edit, a group's file).
    static func known(_ call: MessageCall) throws -> (member: Member, isNewcomer: Bool)? {
        try call.context.ledger.families.member(telegramUserID: call.message.sender.id).map { ($0, false) }
    }
}

extension MessageClaim {
    /// A claim on a private document that `mayBe` one a feature reads, taken by `receive` when
    /// the member may have costly work done now (`admitCostly`), and dropped when not.
    static func costlyFile(_ name: String, mayBe: @escaping @Sendable (ReceivedFile) -> Bool,
                           receive: @escaping @Sendable (ConversationContext, ReceivedFile, Member, Replier) throws -> Void)
        -> MessageClaim {
        MessageClaim(name, on: [.privateFile]) { call in
            guard let file = call.file?.document, mayBe(file) else { return false }
            if try WelcomeFeature(call.context).admitCostly(member: call.member, reply: call.reply) {
                try receive(call.context, file, call.member, call.reply)
            }
            return true
        }
    }
}

extension NonTextMessage {
    /// The file a document carries; nil for a voice note, a photo or a sticker, and in the console.
    var document: ReceivedFile? {
        guard case .document = kind else { return nil }
        return file
    }

    /// A file's caption as a text message of the same chat, sender and ids; nil without one.
    var captionMessage: IncomingMessage? {
        guard case .document(let caption?) = kind else { return nil }
        return IncomingMessage(chat: chat, sender: sender, text: caption, updateID: updateID, messageID: messageID)
    }
}
