@testable import EntryParsing
import KopiykaCore
import Testing

/// The parser's work grows linearly with the message. Counted in work done (one-typo probes,
/// draft token flags), never timed: a timed test flakes on a shared machine.
@Suite struct ParseCostTests {
    static let names = HostileMessages.all.map(\.name)

    static func cost(_ text: String) -> ParseCost {
        var cost = ParseCost()
        _ = EntryParser().parse(text, today: today, rules: nil, cost: &cost)
        return cost
    }

    static func text(_ name: String) -> String {
        HostileMessages.all.first { $0.name == name }?.text ?? ""
    }

    @Test(arguments: names) func aHostileMessageCostsLinearWork(_ name: String) {
        let text = ParseCostTests.text(name)
        let length = text.unicodeScalars.count
        let cost = ParseCostTests.cost(text)
        #expect(cost.fuzzyScalars <= 16 * length, "\(name): \(cost)")
        #expect(cost.draftTokens <= 4 * length, "\(name): \(cost)")
    }

    /// Four times the text costs at most about four times the work; quadratic work would cost 16.
    @Test(arguments: names) func fourTimesTheTextIsFourTimesTheWork(_ name: String) {
        let full = ParseCostTests.text(name)
        let quarter = String(String.UnicodeScalarView(full.unicodeScalars.prefix(full.unicodeScalars.count / 4)))
        let (small, large) = (ParseCostTests.cost(quarter), ParseCostTests.cost(full))
        #expect(large.fuzzyScalars <= 5 * small.fuzzyScalars + 1_000, "\(name): \(small) → \(large)")
        #expect(large.draftTokens <= 5 * small.draftTokens + 1_000, "\(name): \(small) → \(large)")
    }

    @Test func anOrdinaryMessageCostsLittle() {
        let cost = ParseCostTests.cost("ресторанн 1200, таксі 150")
        #expect(cost.fuzzyLookups == 1)
        #expect(cost.draftTokens <= 12)
    }
}
