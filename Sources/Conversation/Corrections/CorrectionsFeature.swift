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
        let corrections = CorrectionsFeature(call.context), householdID = call.member.householdID
        var page = button.page
        if let ruleID = button.ruleID {
            // The page the rule was on, so the list stays where its reader is.
            let rules = try corrections.ledger.rules.list(householdID: householdID)
            page = rules.firstIndex { $0.id == ruleID }.map { $0 / Self.rulesPage } ?? 0
            try corrections.ledger.rules.delete(id: ruleID, householdID: householdID)
        }
        let view = try corrections.rulesView(call.member, page: page)
        try corrections.edit(call.press, html: view.html, buttons: view.buttons)
        return button.ruleID == nil ? nil : call.localizer("rules.removed")
    }

    /// Why 10: ten lines and ten buttons a page, and the page row; a household teaches
    /// hundreds of rules in a year of corrections.
    static let rulesPage = 10

    /// `/rules`: the categories the household taught by correcting entries, each removable,
    /// page `page` of them (clamped to the pages there are now).
    func rulesView(_ member: Member, page: Int = 0) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let rules = try ledger.rules.list(householdID: member.householdID)
        guard !rules.isEmpty else { return (l("rules.empty"), []) }
        let shown = ListPage(page, total: rules.count, size: Self.rulesPage)
        // `вікон мийк` → `вікон… мийк…`: the message adds the last ellipsis.
        func words(_ stem: String) -> String { stem.replacing(LearnedRules.separator, with: "… ") }
        let lines = rules[shown.items].map {
            l("rules.line", ["word": .text(words($0.stem).htmlEscaped), "category": .text(l.categoryName($0.category).htmlEscaped)])
        }
        var buttons = rules[shown.items].map {
            [OutboxButton(title: l("rules.button.remove", ["word": .text(words($0.stem).clipped(to: 32))]), data: RuleButton(ruleID: $0.id).encoded)]
        }
        if let pages = shown.navigation(l, data: { RuleButton(page: $0).encoded }) { buttons.append(pages) }
        return (([l("rules.title")] + lines).joined(separator: "\n"), buttons)
    }
}

/// `rule:rm:<id>`: forget one learned rule; `rule:pg:<page>`: a page of the list.
struct RuleButton: ButtonData {
    static let prefixes: Set<String> = ["rule"]
    /// The rule to forget; nil for a page.
    let ruleID: Int64?
    /// The page to show (`ListPage`), from 0; 0 for a removal.
    let page: Int

    init(ruleID: Int64) {
        self.ruleID = ruleID
        page = 0
    }

    init(page: Int) {
        ruleID = nil
        self.page = max(page, 0)
    }

    var encoded: String { ruleID.map { "rule:rm:\($0)" } ?? "rule:pg:\(page)" }
}

extension RuleButton {
    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "rule", let id = Self.id(fields, 2) else { return nil }
        switch fields[1] {
        case "rm": self.init(ruleID: id)
        case "pg":
            guard let page = Int(exactly: id), page >= 0 else { return nil }
            self.init(page: page)
        default: return nil
        }
    }
}
