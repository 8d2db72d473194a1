import Banking
import Foundation
import KopiykaCore
import Testing

@Suite struct BankFactTests {
    func fact(id: String? = nil, amount: Int64 = -8_500, second: Double = 0) -> BankFact {
        BankFact(bank: .monobank, account: "537541******1234", time: Date(timeIntervalSince1970: 1_792_000_000 + second),
                 amount: Money(minorUnits: amount, currency: .uah), mcc: 5814, description: "Кава", bankID: id)
    }

    @Test func theSameRowHasTheSameIdentityAndAnotherDoesNot() {
        #expect(fact().identity == fact().identity)
        #expect(fact().identity != fact(amount: -8_600).identity)
        #expect(fact().identity != fact(second: 1).identity)
        #expect(fact(id: "abc").identity == fact(id: "abc", amount: 1).identity, "the bank's id decides when there is one")
    }

    /// Issue 32: `Int64(time)` trapped on a row at Int64.max seconds, before any bound could
    /// refuse it; the identity is total, and unchanged for a real second.
    @Test func anIdentityPastInt64IsNoTrap() {
        #expect(fact(second: 9.3e18).identity.hasPrefix("monobank:537541******1234:0:"))
        #expect(fact(second: 0.9).identity.contains(":1792000000:"))
    }
}
