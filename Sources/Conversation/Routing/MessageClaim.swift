import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger

/// What a message is, as far as the router tells them apart. A feature claims the kinds it
/// answers; a reply to one of its own messages is a text of that chat, which the feature
/// recognises by the message it replies to.
enum MessageKind: Hashable, Sendable {
    /// A text in a member's private chat with the bot.
    case privateText
    /// A text in a group, linked to a family or not.
    case groupText
    /// A text its writer edited, in a private chat or a group.
    case edit
    /// A voice note, a photo, a sticker or a file in the private chat; its caption is its text.
    case privateFile
    /// The same in a group: only its caption is read, and only for a bank token.
    case groupFile
    /// Words read as an entry: a private text no earlier claim took, `/add`, a family group's
    /// entry, a file's caption, an edit of a message the bot asked about.
    case entryText
}

/// A feature's claim on messages: which kinds it reads and what it does with one. The claims
/// are tried in the order of `Features.claims`, and the first that takes a message ends it.
/// A claim's work runs inside the event's transaction; what it says is queued in the outbox.
public struct MessageClaim: Sendable {
    enum Take {
        /// Read before the writer is a member: nothing is made for a newcomer yet.
        case bySender(@Sendable (MessageCall) throws -> Bool)
        /// Read once the writer is a member: welcomed in a private chat when new, one of the
        /// linked family's in a group (`MessageRouter.member`).
        case byMember(@Sendable (MemberCall) throws -> Bool)
    }

    /// Names the claim in the list and in tests: `monobank.token`, `entries`.
    public let name: String
    let kinds: Set<MessageKind>
    let take: Take

    /// A claim that reads only the message and its sender; `take` returns true when it took it.
    init(_ name: String, on kinds: Set<MessageKind>, bySender take: @escaping @Sendable (MessageCall) throws -> Bool) {
        self.name = name
        self.kinds = kinds
        self.take = .bySender(take)
    }

    /// A claim that reads the member who wrote; `take` returns true when it took the message.
    init(_ name: String, on kinds: Set<MessageKind>, byMember take: @escaping @Sendable (MemberCall) throws -> Bool) {
        self.name = name
        self.kinds = kinds
        self.take = .byMember(take)
    }
}

/// One message offered to the claims: its kind, its text (trimmed; for `.entryText` the words
/// read, which for `/add кава 85` are the argument) and the command it is, if it is one.
struct MessageCall {
    let context: ConversationContext
    let kind: MessageKind
    /// The message, or for a file the message its caption makes (empty without one).
    let message: IncomingMessage
    /// Answers in the message's chat (and forum topic).
    var reply: Replier { Replier(ledger: context.ledger, chat: message.chat) }
    let text: String
    let command: Command?
    /// The voice note, photo or file, for `.privateFile` and `.groupFile`.
    let file: NonTextMessage?
}

/// A message whose writer is a member. Reads `MessageCall`'s fields as its own (`call.text`).
/// For `.entryText`, the message is parsed once, on the first claim that asks (`parsed()`).
@dynamicMemberLookup
final class MemberCall {
    let call: MessageCall
    let member: Member
    /// Registered by this very message (a private chat's first); they were just welcomed.
    let isNewcomer: Bool
    private let reading = EntryReading()

    init(_ call: MessageCall, member: Member, isNewcomer: Bool) {
        self.call = call
        self.member = member
        self.isNewcomer = isNewcomer
    }

    subscript<Value>(dynamicMember field: KeyPath<MessageCall, Value>) -> Value { call[keyPath: field] }

    /// The member's household, read once per message.
    func household() throws -> Household {
        try reading.household { try EntriesFeature(call.context).household(of: member) }
    }

    /// The text as entries, parsed once per message with the household's rules and the
    /// member's accounts (`EntriesFeature.parse`), as of the household's today.
    func parsed() throws -> Result<[ParsedEntry], ParseFailure> {
        let household = try household()
        return reading.parsed {
            let entries = EntriesFeature(call.context)
            return entries.parse(call.text, household: household, today: entries.today(of: household), member: member)
        }
    }
}

/// What a message's claims read of it more than once, kept for the one message.
private final class EntryReading {
    private var household: Household?
    private var parsed: Result<[ParsedEntry], ParseFailure>?

    func household(_ read: () throws -> Household) rethrows -> Household {
        if let household { return household }
        let read = try read()
        household = read
        return read
    }

    func parsed(_ parse: () -> Result<[ParsedEntry], ParseFailure>) -> Result<[ParsedEntry], ParseFailure> {
        if let parsed { return parsed }
        let made = parse()
        parsed = made
        return made
    }
}
