import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Commands as messages: a slash command in a private chat or the family group, and a command
/// word written without a slash in a private chat (`звіт`). Each runs by the feature that
/// declared it (`Features.commands`); a name nobody declared gets the nearest one, or `/help`.
enum CommandRoute {
    /// A slash command. A newcomer's `/start` is answered by the welcome alone.
    static let slash = MessageClaim("command", on: [.privateText, .groupText]) { call in
        guard let command = call.command else { return false }
        if !(call.isNewcomer && command.name == "start") { try run(command, call) }
        return true
    }

    /// A command word without a slash (`звіт`, `звіт жовтень`), in a private chat.
    static let word = MessageClaim("command.word", on: [.privateText]) { call in
        guard call.command == nil, let command = try commandWord(call.text, member: call.member, context: call.context) else {
            return false
        }
        if !(call.isNewcomer && command.name == "start") { try run(command, call) }
        return true
    }

    /// Runs a command for the call's member, by the feature that declared it.
    private static func run(_ command: Command, _ call: MemberCall) throws {
        let context = call.context, member = call.member
        let welcome = WelcomeFeature(context)
        guard let known = KnownCommand.named(command.name) else {
            try call.reply(unknownCommand(command.name, welcome.localizer(member)))
            return
        }
        if CommandThrottle.commands.contains(known.name), try !welcome.admitCostly(member: member, reply: call.reply) { return }
        let household = try welcome.household(of: member)
        try known.run(CommandCall(context: context, argument: command.argument, member: member, household: household,
                                  message: call.message, reply: call.reply))
    }

    /// A slash command we do not know: the nearest one when there is one, else `/help`.
    static func unknownCommand(_ name: String, _ l: Localizer) -> String {
        guard let nearest = KnownCommand.suggestion(for: name) else { return l("command.unknown") }
        return l("command.unknown.suggestion", ["command": .text(nearest.name)])
    }

    /// A command word written without a slash in a private chat (`звіт`, `допомога`, `help`),
    /// alone or with an argument its command reads (`звіт жовтень`, `мова en`); nil for
    /// anything else. A message that reads as an entry stays one: `бюджет на каву 85`, and
    /// also `звіт 2026`, which has an amount; `/report 2026` is the report.
    static func commandWord(_ text: String, member: Member, context: ConversationContext) throws -> Command? {
        guard let known = KnownCommand.wordAtStart(of: text) else { return nil }
        let argument = text.dropFirst(text.prefix { !$0.isWhitespace }.count).trimmed
        guard !argument.isEmpty else { return Command(name: known.name, argument: "") }
        let entries = EntriesFeature(context)
        let household = try entries.household(of: member)
        let today = entries.today(of: household)
        guard case .failure = entries.parse(text, household: household, today: today) else { return nil }
        let readable = switch known.wordArguments {
        case .none: false
        case .readable(let reads): reads(argument, today, context.catalog)
        }
        return readable ? Command(name: known.name, argument: argument) : nil
    }
}
