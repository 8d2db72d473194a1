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
