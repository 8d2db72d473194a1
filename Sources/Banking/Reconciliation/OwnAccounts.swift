/// A member's own accounts as the bank names them in its rows: their cards (the last four
/// digits, from the feed's client info or a statement's `Картка` column) and their jars (the
/// feed's titles). A transfer row that names one of them, or says «своєї карти» outright, is
/// money moved between the member's own accounts: neither spent nor earned, and never asked
/// about. A jar of someone else («На банку «На дрон»») is not one of them: that is a gift.
///
/// Pure; a value built once per intake. Cost: a scan of the row's description per check.
public struct OwnAccounts: Sendable {
    /// Lowercased jar titles.
    let jars: Set<String>
    /// The last four digits of each card.
    let cardEndings: Set<String>

    public init(jarTitles: [String] = [], cardEndings: [String] = []) {
        jars = Set(jarTitles.map { $0.lowercased() }.filter { !$0.isEmpty })
        self.cardEndings = Set(cardEndings.filter { $0.count == 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    /// The words banks write on a move between the customer's own cards.
    static let ownCardWords = ["своєї карт", "свою карт", "своей карт", "між своїми", "между своими", "own card"]

    /// Whether `description` (a transfer row's) is a move between the member's own accounts.
    public func isOwnMove(_ description: String) -> Bool {
        let text = description.lowercased()
        if Self.ownCardWords.contains(where: text.contains) { return true }
        if let jar = Self.quoted(text), jars.contains(jar), Self.jarWords.contains(where: text.contains) { return true }
        return Self.cardEndings(in: text).contains { cardEndings.contains($0) }
    }

    /// «На банку», «З банки», «Поповнення банки», «в банку».
    static let jarWords = ["банк", "jar"]

    /// The text between the first «» (or "") pair.
    static func quoted(_ text: String) -> String? {
        guard let open = text.firstIndex(where: { $0 == "«" || $0 == "\"" }) else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(where: { $0 == "»" || $0 == "\"" }) else { return nil }
        return String(rest[..<close].drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The four digits after a mask (`5375 **** **** 1234`, `*1234`).
    static func cardEndings(in text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let star = rest.firstIndex(of: "*") {
            let after = rest[star...].drop { $0 == "*" || $0 == " " }
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if digits.count == 4 { result.append(String(digits)) }
            rest = after
        }
        return result
    }
}
