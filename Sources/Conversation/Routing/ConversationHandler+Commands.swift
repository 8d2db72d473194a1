import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// Runs a command for a member, in a private chat or the family group, by the feature that
    /// declared it; a name nobody declared gets the nearest one, or `/help`.
    func run(_ command: Command, member: Member, message: IncomingMessage, reply: Replier) throws {
        let context = self.context
        guard let known = KnownCommand.named(command.name) else {
            try reply(unknownCommand(command.name, WelcomeFeature(context).localizer(member)))
            return
        }
        if CommandThrottle.commands.contains(known.name), try !admitCostly(member: member, reply: reply) { return }
        let household = try WelcomeFeature(context).household(of: member)
        try known.run(CommandCall(context: context, argument: command.argument, member: member, household: household,
                                  message: message, reply: reply))
    }

    /// Whether `member` may have costly work done now (`CommandThrottle`): the first refusal
    /// of a burst is answered kindly, the rest of it not at all.
    func admitCostly(member: Member, reply: Replier) throws -> Bool {
        switch throttle.admit(memberID: member.id, at: clock.now()) {
        case .allowed:
            return true
        case .refused:
            try reply(WelcomeFeature(context).localizer(member)("command.throttled"))
            return false
        case .dropped:
            return false
        }
    }

    /// A slash command we do not know: the nearest one when there is one, else `/help`.
    func unknownCommand(_ name: String, _ l: Localizer) -> String {
        guard let nearest = KnownCommand.suggestion(for: name) else { return l("command.unknown") }
        return l("command.unknown.suggestion", ["command": .text(nearest.name)])
    }

    /// A command word written without a slash in a private chat (`звіт`, `допомога`, `help`),
    /// alone or with an argument its command reads (`звіт жовтень`, `мова en`); nil for
    /// anything else. A message that reads as an entry stays one: `бюджет на каву 85`, and
    /// also `звіт 2026`, which has an amount; `/report 2026` is the report.
    func commandWord(_ text: String, member: Member) throws -> Command? {
        guard let known = KnownCommand.wordAtStart(of: text) else { return nil }
        let argument = text.dropFirst(text.prefix { !$0.isWhitespace }.count).trimmed
        guard !argument.isEmpty else { return Command(name: known.name, argument: "") }
        let entries = EntriesFeature(context)
        let household = try entries.household(of: member)
        let today = entries.today(of: household)
        guard case .failure = entries.parse(text, household: household, today: today) else { return nil }
        let readable = switch known.wordArguments {
        case .none: false
        case .readable(let reads): reads(argument, today, catalog)
        }
        return readable ? Command(name: known.name, argument: argument) : nil
    }
}
