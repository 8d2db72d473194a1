import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Hello, the language and `/help`: a newcomer's household of their own, the welcome with its
/// language buttons, `/start`, `/help` and `/lang`.
struct WelcomeFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("lang", section: .other, helpRank: 140, menuRank: 13, aliases: ["language", "mova"], words: ["мова", "язык", "language", "lang"],
                     wordArguments: .readable { argument, _, _ in Language(rawValue: argument.lowercased()) != nil }) { call in
            try WelcomeFeature(call.context).setLanguage(call.argument, member: call.member, reply: call.reply)
        },
        KnownCommand("help", section: .other, helpRank: 150, menuRank: 14,
                     words: ["допомога", "довідка", "команди", "меню", "старт", "помощь", "справка", "команды", "help",
                             "commands", "menu", "start"]) { call in
            try call.reply(WelcomeFeature(call.context).help(WelcomeFeature(call.context).localizer(call.member)))
        },
        KnownCommand("start", section: nil, menuRank: nil) { call in
            try call.reply(WelcomeFeature(call.context).help(WelcomeFeature(call.context).localizer(call.member)))
        },
    ]

    static let buttons = ButtonNamespace.of(LanguageButton.self) { button, call in
        try WelcomeFeature(call.context).choose(button.language, press: call.press, member: call.member)
    }

    /// A newcomer's first message with no words (the welcome said what to write): nothing more.
    static let greetedClaim = MessageClaim("welcome.empty", on: [.privateText]) { call in
        call.isNewcomer && call.text.isEmpty
    }

    /// The member writing, registering a newcomer with a household of their own.
    func memberFor(_ sender: Sender) throws -> (Member, isNew: Bool) {
        if let member = try ledger.families.member(telegramUserID: sender.id) { return (member, false) }
        let member = try ledger.families.createHousehold(owner: newcomer(sender), baseCurrency: settings.baseCurrency,
                                                timeZone: settings.timeZone)
        return (member, true)
    }

    func newcomer(_ sender: Sender) -> Newcomer {
        Newcomer(telegramUserID: sender.id, name: sender.firstName, language: language(of: sender).rawValue)
    }

    /// The welcome, with buttons to switch the language it speaks.
    func welcome(_ member: Member, reply: Replier) throws {
        try reply(welcomeText(member), buttons: languageButtons())
    }

    /// Ukrainian greets by name only in the vocative it can form (`Привіт, Олю!`), else without.
    func welcomeText(_ member: Member) -> String {
        let l = localizer(member)
        let name = l.language == .uk ? Vocative.ukrainian(member.name) : member.name
        return l("welcome", ["greeting": .text(name == nil ? "anonymous" : "named"), "name": .text((name ?? "").htmlEscaped),
                             "account": .text(l.accountName(member.defaultAccount))])
    }

    func languageButtons() -> [[OutboxButton]] {
        [Language.allCases.map { OutboxButton(title: catalog[$0]("language.name.\($0.rawValue)"),
                                              data: LanguageButton(language: $0).encoded) }]
    }

    /// `/help`: how to write an entry, then every command in `KnownCommand`'s sections, one
    /// phone screen: a line each, no examples (the menu's descriptions carry those), and the
    /// sections' bold titles part them without blank lines.
    func help(_ l: Localizer) -> String {
        var sections: [String] = []
        for section in KnownCommand.Section.allCases {
            let lines = KnownCommand.allCases.filter { $0.section == section }.sorted { $0.helpRank < $1.helpRank }.map {
                l("help.line", ["command": .text($0.name), "description": .text(l("help.command.\($0.name)"))])
            }
            sections.append(([l("help.section.\(section.rawValue)")] + lines).joined(separator: "\n"))
        }
        return [l("help"), sections.joined(separator: "\n"), l("help.words")].joined(separator: "\n\n")
    }

    /// `/lang uk`, or the language buttons when the argument names none.
    func setLanguage(_ argument: String, member: Member, reply: Replier) throws {
        guard let language = Language(rawValue: argument.lowercased()) else {
            try reply(localizer(member)("language.choose"), buttons: languageButtons())
            return
        }
        try ledger.families.setLanguage(language.rawValue, memberID: member.id)
        var member = member
        member.language = language.rawValue
        try reply(localizer(member)("language.changed"))
    }

    /// A language button: in a group the chooser stays for the others, since the language is
    /// the presser's own.
    func choose(_ language: Language, press: CallbackPress, member: Member) throws -> String? {
        try ledger.families.setLanguage(language.rawValue, memberID: member.id)
        guard let updated = try ledger.families.member(id: member.id) else { return nil }
        if press.chat?.kind != .group { try edit(press, html: welcomeText(updated), buttons: languageButtons()) }
        return localizer(updated)("language.changed")
    }
}

/// `lang:<code>`: a language button, under the welcome and `/lang`.
struct LanguageButton: ButtonData {
    let language: Language
    static let prefixes: Set<String> = ["lang"]
}

extension LanguageButton {
    init?(fields: [Substring]) {
        guard fields.count == 2, fields[0] == "lang", let language = Language(rawValue: String(fields[1])) else { return nil }
        self.language = language
    }

    var encoded: String { "lang:\(language.rawValue)" }
}
