import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Corrections: a reply to a message that shows entries changes them (`120`, `таксі`,
/// `вчора`, `видалити`), a category set by hand is learned for next time, and `/rules` lists
/// what was learned, each removable.
struct CorrectionsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("rules", section: .entries, helpRank: 70, menuRank: 11, words: ["правила", "rules"]) { call in
            let view = try CorrectionsFeature(call.context).rulesView(call.member)
            try call.reply(view.html, buttons: view.buttons)
        },
    ]

    static let buttons = ButtonNamespace.of(RuleButton.self) { button, call in
        let corrections = CorrectionsFeature(call.context)
        try corrections.ledger.entries.deleteCategoryRule(id: button.ruleID, householdID: call.member.householdID)
        let view = try corrections.rulesView(call.member)
        try corrections.edit(call.press, html: view.html, buttons: view.buttons)
        return call.localizer("rules.removed")
    }

    /// `/rules`: the categories the household taught by correcting entries, each removable.
    func rulesView(_ member: Member) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let rules = try ledger.entries.categoryRules(householdID: member.householdID)
        guard !rules.isEmpty else { return (l("rules.empty"), []) }
        // `вікон мийк` → `вікон… мийк…`: the message adds the last ellipsis.
        func words(_ stem: String) -> String { stem.replacing(LearnedRules.separator, with: "… ") }
        let lines = rules.map { l("rules.line", ["word": .text(words($0.stem).htmlEscaped), "category": .text(l.categoryName($0.category).htmlEscaped)]) }
        let buttons = rules.prefix(30).map {
            [OutboxButton(title: l("rules.button.remove", ["word": .text(words($0.stem).clipped(to: 32))]), data: RuleButton(ruleID: $0.id).encoded)]
        }
        return (([l("rules.title")] + lines).joined(separator: "\n"), Array(buttons))
    }
}

/// `rule:rm:<id>`: forget one learned rule.
struct RuleButton: ButtonData {
    static let prefixes: Set<String> = ["rule"]
    let ruleID: Int64

    var encoded: String { "rule:rm:\(ruleID)" }
}

extension RuleButton {
    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "rule", fields[1] == "rm", let id = Self.id(fields, 2) else { return nil }
        self.ruleID = id
    }
}
