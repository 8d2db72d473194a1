import FoundationEssentials
import Ledger
import Localization
import Reports

extension ConversationHandler {
    /// `/help`: how to write an entry, then every command in `KnownCommand`'s sections.
    func help(_ l: Localizer) -> String {
        var blocks = [l("help")]
        for section in KnownCommand.Section.allCases {
            let lines = KnownCommand.allCases.filter { $0.section == section }.map {
                l("help.line", ["command": .text($0.rawValue), "description": .text(l("help.command.\($0.rawValue)"))])
            }
            blocks.append(([l("help.section.\(section.rawValue)")] + lines).joined(separator: "\n"))
        }
        blocks.append(l("help.words"))
        return blocks.joined(separator: "\n\n")
    }

    /// A slash command we do not know: the nearest one when there is one, else `/help`.
    func unknownCommand(_ name: String, _ l: Localizer) -> String {
        guard let nearest = KnownCommand.suggestion(for: name) else { return l("command.unknown") }
        return l("command.unknown.suggestion", ["command": .text(nearest.rawValue)])
    }

    /// A command word written without a slash in a private chat (`звіт`, `допомога`, `help`),
    /// alone or with an argument its command reads (`звіт жовтень`, `мова en`); nil for
    /// anything else. A message that reads as an entry stays one: `бюджет на каву 85`, and
    /// also `звіт 2026`, which has an amount; `/report 2026` is the report.
    func commandWord(_ text: String, member: Member) throws -> Command? {
        let head = text.prefix { !$0.isWhitespace }
        guard let known = KnownCommand.word(String(head)) else { return nil }
        let argument = text.dropFirst(head.count).trimmed
        guard !argument.isEmpty else { return Command(name: known.rawValue, argument: "") }
        let household = try household(of: member)
        let today = today(of: household)
        guard case .failure = parse(text, household: household, today: today) else { return nil }
        let readable = switch known.wordArguments {
        case .none: false
        case .period where known == .export: exportDays(argument.lowercased(), today: today) != nil
        case .period: ReportPeriod.parse(argument, today: today, catalog: catalog) != nil
        case .language: Language(rawValue: argument.lowercased()) != nil
        }
        return readable ? Command(name: known.rawValue, argument: argument) : nil
    }
}
