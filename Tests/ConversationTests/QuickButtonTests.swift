@testable import Conversation
import KopiykaCore
@testable import Ledger
import Testing

/// `/quick`'s button data: ids only, read back as written, anything else nothing; and who may
/// press one is decided before the database is read.
@Suite struct QuickButtonTests {
    static let kinds: [QuickButton] = [
        .usual(entryID: 12, householdID: 3), .pinned(pinID: 4, memberID: 5), .unpin(pinID: 4, memberID: 5),
        .usual(entryID: .max, householdID: .max), .unpin(pinID: .max, memberID: .max),
    ]

    @Test func eachReadsBackAsItselfWithinSixtyFourBytes() {
        for button in Self.kinds {
            #expect(QuickButton(button.encoded) == button)
            #expect(button.encoded.utf8.count <= 64, "\(button.encoded)")
        }
    }

    @Test(arguments: ["qk", "qk:e:1", "qk:e:1:2:3", "qk:x:1:2", "qk:e:кава:2", "qk:p:1:", "qk:e:1:99999999999999999999", "qkk:e:1:2", ""])
    func anythingElseReadsAsNothing(data: String) {
        #expect(QuickButton(data) == nil)
    }

    @Test func aFrequentEntryIsItsHouseholdsAndAPinItsMembers() {
        let olha = Member(id: 5, householdID: 3, telegramUserID: 1, name: "Оля", language: "uk", role: .owner, defaultAccount: .card)
        let taras = Member(id: 6, householdID: 3, telegramUserID: 2, name: "Тарас", language: "uk", role: .member, defaultAccount: .card)
        let stranger = Member(id: 7, householdID: 4, telegramUserID: 3, name: "Хтось", language: "uk", role: .owner, defaultAccount: .card)
        let usual = QuickButton.usual(entryID: 12, householdID: 3)
        #expect(usual.refusal(for: olha) == nil && usual.refusal(for: taras) == nil)
        #expect(usual.refusal(for: stranger) == "entry.not_yours")
        for pin in [QuickButton.pinned(pinID: 4, memberID: 5), .unpin(pinID: 4, memberID: 5)] {
            #expect(pin.refusal(for: olha) == nil)
            #expect(pin.refusal(for: taras) == "quick.pin.not_yours" && pin.refusal(for: stranger) == "quick.pin.not_yours")
        }
    }
}
