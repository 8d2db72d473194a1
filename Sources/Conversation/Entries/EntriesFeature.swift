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
            try call.context.router.readAsEntry(call.argument, message: call.message, member: call.member)
        },
    ]

    static let entryButtons = ButtonNamespace.of(EntryButton.self) { button, call in
        try EntriesFeature(call.context).press(button, press: call.press, member: call.member)
    }

    /// A private text no claim before took, or a family group's text that is addressed to the
    /// bot (a reply to it) or reads as an entry: words of an entry (the `.entryText` claims).
    /// Anything else said in the group is chatter and gets no answer at all.
    static let textClaim = MessageClaim("entries.text", on: [.privateText, .groupText]) { call in
        let entries = EntriesFeature(call.context)
        if call.kind == .groupText, !call.message.isReplyToBot, !entries.readsAsEntry(call.text, household: try call.household()) {
            return true
        }
        try call.context.router.readAsEntry(call.text, message: call.message, member: call.member)
        return true
    }

    /// The last of the words of an entry: recorded, asked about, or answered with what is missing.
    static let recordClaim = MessageClaim("entries", on: [.entryText]) { call in
        try EntriesFeature(call.context).record(call)
        return true
    }

    /// An edit of a message: the entries it made are read again (`edited`).
    static let editClaim = MessageClaim("entries.edit", on: [.edit]) { call in
        try EntriesFeature(call.context).edited(call.message)
        return true
    }

    /// A private file's caption that reads as an entry is recorded, as a photo's caption is.
    static let captionClaim = MessageClaim("entries.caption", on: [.privateFile]) { call in
        guard case .document(let caption?) = call.file?.kind else { return false }
        let entries = EntriesFeature(call.context), household = try call.household()
        guard case .success = entries.parse(caption, household: household, today: entries.today(of: household)) else { return false }
        try call.context.router.readAsEntry(caption, message: call.message, member: call.member)
        return true
    }

    /// Any other voice note, photo, sticker or file in private: a short hint at what works
    /// instead, so nothing a person sends goes unanswered.
    static let fileHintClaim = MessageClaim("entries.file", on: [.privateFile]) { call in
        let key = switch call.file?.kind {
        case .voice: "nontext.voice"
        case .picture: "nontext.picture"
        case .sticker: "nontext.sticker"
        case .document, nil: "nontext.document"
        }
        try call.reply(EntriesFeature(call.context).localizer(call.member)(key))
        return true
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
