import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// One tap for the usual: `/quick` offers the member's pinned entries, then the household's
/// frequent ones of the last 60 days, as buttons; a tap records one dated today through the
/// same path as a typed entry (its confirmation, the family post, budget alerts). `/quick add
/// кава 85` pins an entry, `/quick remove кава` or ✖️ lets it go.
struct QuickFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("quick", section: .entries, helpRank: 55, menuRank: 23, words: ["швидко", "быстро", "quick"]) { call in
            try QuickFeature(call.context).quick(call.argument, member: call.member, household: call.household,
                                                 chat: call.message.chat, reply: call.reply)
        },
    ]

    static let buttons = ButtonNamespace.of(QuickButton.self) { button, call in
        try QuickFeature(call.context).press(button, press: call.press, member: call.member)
    }

    /// The days a frequent entry is counted over, today among them.
    static let windowDays = 60
    /// Why 8: four rows of two fit a phone's screen above the keyboard.
    static let offerLimit = 8
    static let pinLimit = offerLimit
    /// A note longer than this is a paste, not a button; 40 fits one (as an account's name).
    static let noteLimit = 40

    static let addWords: Set<String> = ["add", "pin", "додати", "закріпити", "добавить", "закрепить"]
    static let removeWords: Set<String> = ["remove", "unpin", "прибрати", "видалити", "відкріпити", "убрать", "удалить", "открепить"]

    func quick(_ argument: String, member: Member, household: Household, chat: ChatRef, reply: Replier) throws {
        let l = localizer(member)
        let head = argument.prefix { !$0.isWhitespace }
        let word = KnownCommand.normalized(String(head)), rest = argument[head.endIndex...].trimmed
        if Self.addWords.contains(word) {
            try reply(try pin(rest, member: member, household: household))
        } else if Self.removeWords.contains(word) {
            try unpin(rest, member: member, household: household, chat: chat, reply: reply)
        } else if !argument.isEmpty {
            try reply(l("quick.usage"))
        } else if let shown = try view(member: member, household: household, chat: chat) {
            try reply(shown.html, buttons: shown.buttons)
        } else {
            try reply(l("quick.empty"))
        }
    }

    /// The days frequent entries are counted over: the last `windowDays`, today among them.
    func window(_ household: Household) -> ClosedRange<LocalDate> {
        let today = today(of: household)
        return today.adding(days: 1 - Self.windowDays)...today
    }

    /// What `/quick` shows `member` in `chat`: their pins first (in a private chat each with
    /// ✖️; elsewhere only those not private), then the household's frequent entries that the
    /// chat's reader may see and no pin repeats, `offerLimit` in all; nil when there is none.
    func view(member: Member, household: Household, chat: ChatRef) throws -> (html: String, buttons: [[OutboxButton]])? {
        let l = localizer(member)
        let viewer = viewer(in: chat, member)
        let inPrivate = viewer == .member(member.id)
        let pins = try ledger.quick.pins(memberID: member.id).filter { inPrivate || !$0.isPrivate }.prefix(Self.offerLimit)
        let frequent = try ledger.quick.frequent(householdID: household.id, dates: window(household), shownTo: viewer,
                                                 limit: Self.offerLimit + pins.count)
            .filter { usual in !pins.contains { $0.isSameEntry(as: QuickPin(usual)) } }
            .prefix(Self.offerLimit - pins.count)
        guard !pins.isEmpty || !frequent.isEmpty else { return nil }
        let label = QuickLabel(l: l, base: household.baseCurrency)
        var rows: [[OutboxButton]] = pins.map { pin in
            let tap = OutboxButton(title: label(pin), data: QuickButton.pinned(pinID: pin.id, memberID: member.id).encoded)
            return inPrivate ? [tap, OutboxButton(title: l("quick.button.unpin"), data: QuickButton.unpin(pinID: pin.id, memberID: member.id).encoded)]
                : [tap]
        }
        let usual = frequent.map { entry in
            OutboxButton(title: label(QuickPin(entry)),
                         data: QuickButton.usual(entryID: entry.entryID, householdID: household.id).encoded)
        }
        rows += stride(from: 0, to: usual.count, by: 2).map { Array(usual[$0..<min($0 + 2, usual.count)]) }
        return (l(inPrivate && !pins.isEmpty ? "quick.title.pins" : "quick.title"), rows)
    }
}

extension QuickPin {
    /// A frequent entry as a pin would hold it, to compare and label them alike.
    init(_ usual: FrequentEntry) {
        self.init(kind: usual.kind, amount: usual.amount, category: usual.category, account: nil, note: usual.note,
                  isPrivate: usual.isPrivate)
    }
}
