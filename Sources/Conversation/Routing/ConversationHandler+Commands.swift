import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// Runs a command for a member, in a private chat or the family group.
    func run(_ command: Command, member: inout Member, message: IncomingMessage, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        guard let known = KnownCommand.named(command.name) else {
            try reply(unknownCommand(command.name, l))
            return
        }
        switch known {
        case .start, .help:
            try reply(help(l))
        case .add:
            try record(command.argument, message: message, member: member, reply: reply)
        case .report:
            try reply(try report(command.argument, member: member, household: household, shownTo: viewer(in: message.chat, member)))
        case .budget:
            try reply(try budget(command.argument, member: member, household: household))
        case .rate:
            try reply(try rate(command.argument, member: member, household: household))
        case .invite:
            try reply(try invite(member))
        case .family:
            let view = try familyView(member, household: household, showControls: message.chat.kind == .privateChat)
            try reply(view.html, buttons: view.buttons)
        case .leave:
            let question = try leaveQuestion(member)
            try reply(question.html, buttons: question.buttons)
        case .undo:
            try undo(member, reply: reply)
        case .history:
            try history(command.argument, member: member, reply: reply)
        case .today:
            try recent(days: 1, titleKey: "today.title", member: member, reply: reply)
        case .week:
            try recent(days: 7, titleKey: "week.title", member: member, reply: reply)
        case .rules:
            let view = try rulesView(member)
            try reply(view.html, buttons: view.buttons)
        case .export:
            try export(command.argument, member: member, reply: reply)
        case .lang:
            guard let language = Language(rawValue: command.argument.lowercased()) else {
                try reply(l("language.choose"), buttons: languageButtons())
                return
            }
            try ledger.families.setLanguage(language.rawValue, memberID: member.id)
            member.language = language.rawValue
            try reply(localizer(member)("language.changed"))
        }
    }
}
