import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Learned rules: a category set by hand on an entry (a reply, a button) is learned from its
/// note for the next such note, and `/rules` lists what was learned, each removable.
struct RulesFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("rules", section: .entries, helpRank: 70, menuRank: 11, words: ["правила", "rules"]) { call in
            let view = try RulesFeature(call.context).rulesView(call.member)
            try call.reply(view.html, buttons: view.buttons)
        },
    ]

    static let buttons = ButtonNamespace.of(RuleButton.self) { button, call in
        let rules = RulesFeature(call.context), householdID = call.member.householdID
        var page = button.page
        if let ruleID = button.ruleID {
            // The page the rule was on, so the list stays where its reader is.
            let learned = try rules.ledger.rules.list(householdID: householdID)
            page = learned.firstIndex { $0.id == ruleID }.map { $0 / Self.rulesPage } ?? 0
            try rules.ledger.rules.delete(id: ruleID, householdID: householdID)
        }
        let view = try rules.rulesView(call.member, page: page)
        try rules.edit(call.press, html: view.html, buttons: view.buttons)
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

    /// Remembers the note's words for the entry's category, so the next such note lands
    /// there. A one-word note makes a one-word rule: the member moved that word alone. A
    /// longer note makes one rule of all its words together, which a later note matches only
    /// when it holds every one of them: moving `мийка вікон` to Дім moves the next
    /// `вікна мийка`, never a car's `мийка`. Short words (`з`, `на`) and numbers teach
    /// nothing; a private entry's words teach nothing either, since `/rules` shows them.
    func learn(from entry: Entry, household: Household) throws {
        guard !entry.isPrivate else { return }
        let stems = Set(categoryStems(of: entry.note).filter { $0.count >= 3 && !$0.allSatisfy(\.isNumber) }).sorted()
        guard !stems.isEmpty else { return }
        try ledger.rules.learn(stems: [stems.joined(separator: LearnedRules.separator)], category: entry.category, householdID: household.id)
    }
}
